import { describe, expect, it } from "vitest";
import { withQuery } from "@/components/url-state/url-codec";
import { DEFAULT_TASKS_VIEW, parseTasksView, tasksViewCodec, type TasksView } from "./tasks-view";

const parse = (q: string) => parseTasksView(new URLSearchParams(q));
const tasksViewHref = (path: string, search: string, view: TasksView) =>
  withQuery(path, tasksViewCodec.write(view, new URLSearchParams(search)));

describe("tasks table URL state", () => {
  it("reads filter, sort, direction and page, and falls back on anything malformed", () => {
    expect(parse("")).toEqual(DEFAULT_TASKS_VIEW);
    expect(parse("q=checkout&sort=passRate&dir=desc&page=3")).toEqual({
      q: "checkout",
      sort: "passRate",
      dir: "desc",
      page: 3,
      diagnosis: null,
    });
    expect(parse("diagnosis=never-passes").diagnosis).toBe("never-passes");
    expect(parse("diagnosis=bogus").diagnosis).toBeNull();
    expect(parse("sort=metric:correctness")).toEqual({ ...DEFAULT_TASKS_VIEW, sort: "metric:correctness" });
    expect(parse("dir=desc")).toEqual(DEFAULT_TASKS_VIEW);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-2").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999").page).toBe(1);
    expect(parse("sort=%3Cscript%3E").sort).toBeNull();
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(200);
  });

  it("writes only what differs from the default and keeps the scenario", () => {
    expect(tasksViewHref("/runs/r", "", DEFAULT_TASKS_VIEW)).toBe("/runs/r");
    expect(tasksViewHref("/runs/r", "?scenario=%7B%7D&page=4", DEFAULT_TASKS_VIEW)).toBe("/runs/r?scenario=%7B%7D");
    expect(
      tasksViewHref("/runs/r", "?scenario=x", {
        q: " ",
        sort: "metric:grounding",
        dir: "desc",
        page: 2,
        diagnosis: null,
      }),
    ).toBe("/runs/r?scenario=x&sort=metric:grounding&dir=desc&page=2");
    const href = tasksViewHref("/runs/r", "", { q: "a b&c", sort: null, dir: "desc", page: 1, diagnosis: null });
    expect(href).toBe("/runs/r?q=a+b%26c");
    expect(parse(href.split("?")[1]!)).toEqual({ ...DEFAULT_TASKS_VIEW, q: "a b&c" });
  });

  it("reads back what it writes, so a written URL is recognised when it lands", () => {
    const view: TasksView = { q: "a b", sort: "metric:correctness", dir: "desc", page: 3, diagnosis: "unreliable" };
    const query = tasksViewCodec.write(view, new URLSearchParams("scenario=%7B%7D"));
    expect(parse(query)).toEqual(view);
    expect(tasksViewCodec.write(parse(query), new URLSearchParams(query))).toBe(query);
  });
});
