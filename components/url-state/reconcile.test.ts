import { describe, expect, it } from "vitest";
import {
  historyWriteSafe,
  initialSync,
  initialTrust,
  routerWriteLanded,
  traversalUnrendered,
  traversed,
  urlChanged,
  written,
} from "./reconcile";

type View = { q: string };
const v = (q: string): View => ({ q });

describe("URL state reconciliation", () => {
  it("shows a write at once and keeps it while the URL catches up, one write after another", () => {
    let s = initialSync<View>("");
    s = written(s, v("a"), "q=a");
    s = written(s, v("ab"), "q=ab");
    expect(s).toEqual({ key: "", pending: ["q=a", "q=ab"], local: v("ab") });
    // The first write lands: the second is still on its way, so the view must not snap back to "a".
    s = urlChanged(s, "q=a");
    expect(s).toEqual({ key: "q=a", pending: ["q=ab"], local: v("ab") });
    s = urlChanged(s, "q=ab");
    expect(s).toEqual({ key: "q=ab", pending: [], local: v("ab") });
  });

  it("treats a write overtaken by a later one as landed", () => {
    let s = written(written(initialSync<View>(""), v("a"), "q=a"), v("b"), "q=b");
    s = urlChanged(s, "q=b");
    expect(s.pending).toEqual([]);
    expect(s.local).toEqual(v("b"));
  });

  it("makes the URL the truth again on a navigation it did not write (back, forward, a link)", () => {
    let s = written(initialSync<View>("q=a"), v("b"), "q=b");
    s = urlChanged(s, "q=b");
    s = urlChanged(s, "q=a");
    expect(s).toEqual({ key: "q=a", pending: [], local: null });
    // Also while a write is still pending.
    s = urlChanged(written(s, v("c"), "q=c"), "");
    expect(s).toEqual({ key: "", pending: [], local: null });
  });

  it("does not wait for a write that leaves the URL's key as it is", () => {
    const s = written(initialSync<View>("q=a"), v("a "), "q=a");
    expect(s).toEqual({ key: "q=a", pending: [], local: v("a ") });
    expect(written(s, v("a  "), "q=a").pending).toEqual([]);
  });

  it("returns the same state when the key did not change, so a render does not set state again", () => {
    const s = written(initialSync<View>(""), v("a"), "q=a");
    expect(urlChanged(s, "")).toBe(s);
  });

  it("sends writes through the router after a back/forward move, until one made after the last move lands", () => {
    expect(historyWriteSafe(initialTrust)).toBe(true);
    let t = traversed(initialTrust);
    expect(historyWriteSafe(t)).toBe(false);
    // A router write made after that move lands: Next fetched the page afresh.
    t = routerWriteLanded(t, t.traversals);
    expect(historyWriteSafe(t)).toBe(true);
    // Back again while the next router write is on its way: that write landing does not make history safe.
    const madeAt = traversed(t).traversals;
    t = traversed(traversed(t));
    t = routerWriteLanded(t, madeAt);
    expect(historyWriteSafe(t)).toBe(false);
    t = routerWriteLanded(t, t.traversals);
    expect(historyWriteSafe(t)).toBe(true);
    // An older write landing late changes nothing.
    expect(routerWriteLanded(t, 1)).toBe(t);
  });

  it("tells a back/forward move the router has not rendered: same path, another query, however encoded", () => {
    const query = new URLSearchParams({ scenario: '{"headline":{"scheme":"check"}}' }).toString();
    const rendered = { pathname: "/runs/r1", query };
    expect(traversalUnrendered(rendered, { pathname: "/runs/r1", search: `?${query}` })).toBe(false);
    // The address bar encodes the JSON as written; URLSearchParams encodes it its own way: the same query.
    const raw = `?scenario=${encodeURIComponent('{"headline":{"scheme":"check"}}')}`;
    expect(traversalUnrendered(rendered, { pathname: "/runs/r1", search: raw })).toBe(false);
    expect(traversalUnrendered(rendered, { pathname: "/runs/r1", search: "" })).toBe(true);
    expect(traversalUnrendered({ pathname: "/runs/r1", query: "" }, { pathname: "/runs/r1", search: "?" })).toBe(false);
    // Another page: Next may be loading it; that is not this state's to settle.
    expect(traversalUnrendered(rendered, { pathname: "/", search: "" })).toBe(false);
  });
});
