import { describe, expect, it } from "vitest";
import { noTrace } from "@/lib/traces";
import { TraceCache } from "./trace-cache";

describe("TraceCache", () => {
  it("keeps traces within its byte budget, dropping the least recently used first", () => {
    const cache = new TraceCache(100);
    const a = noTrace("a");
    const b = noTrace("b");
    const c = noTrace("c");
    cache.set("a", 40, a);
    cache.set("b", 40, b);
    expect(cache.get("a")).toBe(a); // a is now the most recently used
    cache.set("c", 40, c);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(a);
    expect(cache.get("c")).toBe(c);
    expect(cache.size).toBe(2);
  });

  it("never keeps a trace larger than the whole budget", () => {
    const cache = new TraceCache(100);
    cache.set("small", 10, noTrace("small"));
    cache.set("huge", 101, noTrace("huge"));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
  });
});
