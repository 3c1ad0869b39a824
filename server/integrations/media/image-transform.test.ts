import { describe, expect, it } from "vitest";
import { MAX_DIMENSION, normalizeTransform, parseTransform, TransformError } from "./image-transform.ts";

const refused = (tr: string) => {
  try {
    parseTransform(tr);
  } catch (err) {
    expect(err).toBeInstanceOf(TransformError);
    return (err as Error).message;
  }
  throw new Error(`tr=${tr} was accepted`);
};

describe("parseTransform (ImageKit's grammar)", () => {
  it("reads comma-separated key-value pairs, with ImageKit's defaults for the rest", () => {
    expect(parseTransform("w-600,h-400,q-20")).toEqual({ w: 600, h: 400, q: 20, f: "webp", c: "maintain_ratio" });
    expect(parseTransform("h-48")).toEqual({ h: 48, q: 80, f: "webp", c: "maintain_ratio" });
    expect(parseTransform("w-48,c-at_max,f-png,bl-10,cm-pad_resize")).toEqual({
      w: 48,
      q: 80,
      f: "png",
      c: "at_max",
      cm: "pad_resize",
      bl: 10,
    });
  });

  it("maps format aliases: auto is WebP, jpeg is jpg", () => {
    expect(parseTransform("f-auto").f).toBe("webp");
    expect(parseTransform("f-jpeg").f).toBe("jpg");
    expect(parseTransform("f-JPG").f).toBe("jpg");
    expect(parseTransform("f-avif").f).toBe("avif");
  });

  it("clamps absurd sizes, qualities and blurs instead of refusing them", () => {
    expect(parseTransform("w-99999,h-0")).toMatchObject({ w: MAX_DIMENSION, h: 1 });
    expect(parseTransform("w-999999999999").w).toBe(MAX_DIMENSION);
    expect(parseTransform("q-0").q).toBe(1);
    expect(parseTransform("q-500").q).toBe(100);
    expect(parseTransform("bl-1000").bl).toBe(100);
  });

  it("refuses unknown keys, bad values, repeats and chains, naming the bad part", () => {
    expect(refused("w-600,x-3")).toContain('Unknown transformation "x"');
    expect(refused("w-abc")).toContain('"w-abc"');
    expect(refused("w--5")).toContain('"w--5"');
    expect(refused("w-1.5")).toContain('"w-1.5"');
    expect(refused("q-")).toContain('"q-"');
    expect(refused("w600")).toContain('"w600"');
    expect(refused("")).toContain("key-value");
    expect(refused("w-600,")).toContain("key-value");
    expect(refused("f-gif")).toContain('"f-gif"');
    expect(refused("c-stretch")).toContain('"c-stretch"');
    expect(refused("cm-extract")).toContain('"cm-extract"');
    expect(refused("w-10,w-20")).toContain('"w" is given twice');
    expect(refused("w-100:h-50")).toContain("Chained");
    expect(refused(`w-1,${"q-1,".repeat(60)}`)).toContain("too long");
  });
});

describe("normalizeTransform", () => {
  it("spells equal transforms the same way, whatever the order and aliases", () => {
    const a = normalizeTransform(parseTransform("h-400,w-600,f-auto"));
    const b = normalizeTransform(parseTransform("w-600,q-80,h-400,f-webp,c-maintain_ratio"));
    expect(a).toBe("w-600,h-400,q-80,f-webp,c-maintain_ratio");
    expect(b).toBe(a);
    expect(normalizeTransform(parseTransform("w-9000"))).toBe(normalizeTransform(parseTransform(`w-${MAX_DIMENSION}`)));
  });
});
