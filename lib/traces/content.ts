import type { ImageRef, TraceContent, TraceJson, TraceStep } from "./types";

/** A value as result content: text stays text; anything else is kept structured (objects, lists, numbers). */
export function jsonContent(value: TraceJson | undefined): TraceContent {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : [{ type: "json", value }];
}

/** The text of content, images named by path, structured parts as JSON: what a search looks through. */
export function contentText(content: TraceContent): string {
  if (typeof content === "string") return content;
  return content
    .map((part) =>
      part.type === "text"
        ? part.text
        : part.type === "image"
          ? `[image ${part.image.written}]`
          : JSON.stringify(part.value),
    )
    .join("\n");
}

/** Every image a step refers to: in its message and in its tool results. */
export function stepImages(step: Pick<TraceStep, "images" | "results">): ImageRef[] {
  const inResults = step.results.flatMap((r) =>
    typeof r.content === "string" ? [] : r.content.flatMap((p) => (p.type === "image" ? [p.image] : [])),
  );
  return [...step.images, ...inResults];
}
