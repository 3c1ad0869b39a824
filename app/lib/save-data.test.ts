import { describe, expect, it } from "vitest";
import { saveDataHeaders, wantsSaveData } from "./save-data.ts";

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

describe("saveDataHeaders", () => {
  it("adds Vary: Save-Data to the parent's and the loader's headers, keeping their own Vary", () => {
    const headers = saveDataHeaders({
      parentHeaders: new Headers({ "Set-Cookie": "flash=; Max-Age=0", Vary: "Cookie" }),
      loaderHeaders: new Headers({ "Cache-Control": "no-cache" }),
    });
    expect(headers.get("Vary")).toBe("Cookie, Save-Data");
    expect(headers.get("Set-Cookie")).toBe("flash=; Max-Age=0");
    expect(headers.get("Cache-Control")).toBe("no-cache");
  });
});
