import { describe, expect, it } from "vitest";
import { hasXmlForbidden, stripXmlForbidden } from "./text.ts";

describe("stripXmlForbidden", () => {
  it("removes the C0 controls XML 1.0 forbids and keeps tab, line feed and carriage return", () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("");
    expect(stripXmlForbidden(`a${controls}b`)).toBe("a\t\n\rb");
  });

  it("removes U+FFFE, U+FFFF and lone surrogates, and keeps pairs, RTL marks and other text", () => {
    const kept = "Lagos 🚀 \u200F\u202Eعربي\u202C café \u007F\u0085 \uFDD0 😀";
    expect(stripXmlForbidden(`\uFFFE${kept}\uFFFF\uD800x\uDC00`)).toBe(`${kept}x`);
    expect(stripXmlForbidden(kept)).toBe(kept);
  });

  it("says whether a text holds any of them", () => {
    expect(hasXmlForbidden("ok 🚀\t\n")).toBe(false);
    expect(hasXmlForbidden("bad \u0002")).toBe(true);
    expect(hasXmlForbidden("bad \uFFFF")).toBe(true);
    expect(hasXmlForbidden("bad \uDBFF")).toBe(true);
  });
});
