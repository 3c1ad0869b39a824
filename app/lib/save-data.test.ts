import { describe, expect, it } from "vitest";
import { saveDataSizes, varyOnSaveData, wantsSaveData } from "./save-data.ts";

const request = (value?: string) =>
  new Request("http://localhost/", { headers: value === undefined ? {} : { "Save-Data": value } });

describe("wantsSaveData", () => {
  it("is true for Save-Data: on, whatever its case and spaces", () => {
    expect(wantsSaveData(request("on"))).toBe(true);
    expect(wantsSaveData(request(" ON "))).toBe(true);
  });

  it("is false without the header or with another value", () => {
    expect(wantsSaveData(request())).toBe(false);
    expect(wantsSaveData(request("off"))).toBe(false);
    expect(wantsSaveData(request("1"))).toBe(false);
  });
});

describe("saveDataSizes", () => {
  it("halves each length and keeps each media condition", () => {
    expect(saveDataSizes("(min-width: 1067px) 100vw, (max-width: 1023px) 400px, 1067px")).toBe(
      "(min-width: 1067px) calc(100vw / 2), (max-width: 1023px) calc(400px / 2), calc(1067px / 2)",
    );
    expect(saveDataSizes("(min-resolution: 2.5dppx) calc((100vw - 2rem) * 0.67), calc(100vw - 2rem)")).toBe(
      "(min-resolution: 2.5dppx) calc(calc((100vw - 2rem) * 0.67) / 2), calc(calc(100vw - 2rem) / 2)",
    );
  });
});

describe("varyOnSaveData", () => {
  it("adds Save-Data to Vary once, keeping what was there", () => {
    const headers = new Headers({ Vary: "Accept-Encoding" });
    varyOnSaveData(headers);
    varyOnSaveData(headers);
    expect(headers.get("Vary")).toBe("Accept-Encoding, Save-Data");
    const none = new Headers();
    varyOnSaveData(none);
    expect(none.get("Vary")).toBe("Save-Data");
  });
});
