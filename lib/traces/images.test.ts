import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixturePath } from "@/lib/formats/__fixtures__/load-fixture";
import { DATA_IMAGE_CAP, imageDisplay, sniffInlineImage } from "./images";
import type { ImageRef } from "./types";

const SCREENSHOT = fixturePath(
  "traces/harbor/refreshdotdev/2026-02-09__00-15-22/computer-use-oncall-debug__kFdZhTa/agent/images/step_2_computer_screenshot_2.png",
);
const bytesOf = (text: string) => new TextEncoder().encode(text);
const ref = (over: Partial<ImageRef>): ImageRef => ({
  path: null,
  written: "x",
  mediaType: null,
  available: null,
  ...over,
});

describe("sniffInlineImage", () => {
  it("knows PNG, JPEG, GIF and WebP by their bytes, whatever the name", () => {
    expect(sniffInlineImage(new Uint8Array(readFileSync(SCREENSHOT)))).toBe("image/png");
    expect(sniffInlineImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("image/jpeg");
    expect(sniffInlineImage(bytesOf("GIF89a\x01\x00"))).toBe("image/gif");
    expect(sniffInlineImage(bytesOf("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses SVG, HTML, a cut signature and an empty file", () => {
    expect(sniffInlineImage(bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      null,
    );
    expect(sniffInlineImage(bytesOf("<!doctype html><img src=x onerror=alert(1)>"))).toBeNull();
    expect(sniffInlineImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffInlineImage(bytesOf("RIFF\x10\x00\x00\x00WAVE"))).toBeNull();
    expect(sniffInlineImage(new Uint8Array())).toBeNull();
  });
});

describe("imageDisplay", () => {
  it("shows a stored raster file by its path, names a missing one", () => {
    const path = "t/agent/images/a.png";
    expect(imageDisplay(ref({ path, written: "images/a.png", mediaType: "image/png", available: true }))).toEqual({
      kind: "stored",
      path,
    });
    expect(imageDisplay(ref({ path, written: "images/a.png", available: false }))).toEqual({ kind: "missing", path });
  });

  it("never shows a stored SVG or a file whose name is not a raster type inline", () => {
    const svg = imageDisplay(ref({ path: "a/x.svg", mediaType: "image/svg+xml", available: true }));
    expect(svg.kind).toBe("named");
    expect(imageDisplay(ref({ path: "a/x.html", mediaType: "image/png", available: true })).kind).toBe("named");
  });

  it("shows raster data: URLs under the cap; refuses SVG, HTML, malformed and oversized ones", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(imageDisplay(ref({ written: png }))).toEqual({ kind: "data", url: png });
    expect(imageDisplay(ref({ written: "data:image/webp;base64,UklGRg==" })).kind).toBe("data");
    const svg = imageDisplay(ref({ written: "data:image/svg+xml;base64,PHN2Zz4=" }));
    expect(svg).toMatchObject({ kind: "named", why: "image/svg+xml is not shown inline" });
    expect(imageDisplay(ref({ written: "data:text/html;base64,PGh0bWw+" })).kind).toBe("named");
    expect(imageDisplay(ref({ written: "data:image/png,<svg>" })).kind).toBe("named");
    expect(imageDisplay(ref({ written: 'data:image/png;base64,AA"><script>' })).kind).toBe("named");
    const big = `data:image/png;base64,${"A".repeat(DATA_IMAGE_CAP)}`;
    expect(imageDisplay(ref({ written: big }))).toMatchObject({ kind: "named", why: "too large to show inline" });
  });

  it("names an external URL without fetching it", () => {
    expect(imageDisplay(ref({ written: "https://example.com/a.png" }))).toMatchObject({ kind: "named" });
  });
});
