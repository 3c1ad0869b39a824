import { describe, expect, it } from "vitest";
import { uploadedPath } from "./upload.ts";

describe("uploadedPath", () => {
  it("keeps the path of the absolute URL an upload answers", () => {
    expect(uploadedPath("https://academy.example/media/uploads/a.png", "http://localhost:3000/admin/write")).toBe(
      "/media/uploads/a.png",
    );
    expect(uploadedPath("/media/uploads/a.webm", "http://localhost:3000/admin/write")).toBe("/media/uploads/a.webm");
  });

  it("leaves anything that is not a plain /media path as it is", () => {
    for (const url of ["https://cdn.example/x.png", "https://academy.example/media/a.png?tr=w-10"]) {
      expect(uploadedPath(url, "http://localhost:3000/")).toBe(url);
    }
    expect(uploadedPath("http://[bad", "http://localhost:3000/")).toBe("http://[bad");
  });
});
