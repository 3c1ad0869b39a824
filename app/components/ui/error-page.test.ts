// The one error page's choice of words (issue 7 "Errors, one place"): a title by status, the server's
// message (a page error's { code, message } or a guard's string), the page's own title first.
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeError } from "./error-page.tsx";

const response = (status: number, data: unknown, statusText = "") => new ErrorResponse(status, statusText, data);

describe("describeError", () => {
  it("shows a page error's message under the title of its status", () => {
    expect(describeError(response(404, { code: "not_found", message: "No e-mail with id x" }))).toEqual({
      status: 404,
      title: "Page not found",
      message: "No e-mail with id x",
    });
    expect(describeError(response(409, { code: "conflict", message: "There must be at least one admin" }))).toEqual({
      status: 409,
      title: "That could not be done",
      message: "There must be at least one admin",
    });
    expect(describeError(response(422, { code: "invalid", message: "Email is required" })).title).toBe(
      "That could not be used",
    );
  });

  it("shows a string body as the message: the admin guard's 403", () => {
    expect(describeError(response(403, "Access Denied: Admins only.", "Forbidden"))).toEqual({
      status: 403,
      title: "Access denied",
      message: "Access Denied: Admins only.",
    });
  });

  it("falls back to a sentence of ours when the server gave none", () => {
    expect(describeError(response(404, null))).toEqual({
      status: 404,
      title: "Page not found",
      message: "The page you are looking for does not exist or has moved.",
    });
    expect(describeError(response(403, { code: "forbidden" })).message).toBe("You do not have access to this page.");
    expect(describeError(response(418, "", "I'm a teapot"))).toMatchObject({ title: "418 I'm a teapot" });
  });

  it("prefers the page's own title for its status, and only for that status", () => {
    const texts = { titles: { 404: "E-mail not found" } };
    expect(describeError(response(404, { code: "not_found", message: "No e-mail with id x" }), texts)).toMatchObject({
      title: "E-mail not found",
      message: "No e-mail with id x",
    });
    expect(describeError(response(403, "Access Denied: Admins only."), texts).title).toBe("Access denied");
  });

  it("tells nothing of a crash: a thrown Error is a 500 with our own sentence", () => {
    expect(describeError(new Error("connection refused to 10.0.0.5"))).toEqual({
      status: 500,
      title: "Something went wrong",
      message: "An unexpected error occurred. Please try again in a moment.",
    });
  });
});
