import { describe, expect, it } from "vitest";
import { initialSync, urlChanged, written } from "./reconcile";

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
});
