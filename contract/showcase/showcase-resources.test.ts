// The declared kit's field kinds that came with the events (issue 18): a checkbox, a Lagos date and
// time, a list of picture addresses and an https-only link, as the /tickets form posts them.
import { describe, expect, it } from "vitest";
import { describeResourceIssues, resourceInputSchema } from "../admin/admin-resource-schema.ts";
import { dateToLagosLocal, lagosLocalToDate } from "../lib/dates.ts";
import { EVENTS } from "./showcase-resources.ts";

const schema = resourceInputSchema(EVENTS);
const parse = (body: Record<string, unknown>) => schema.safeParse({ name: "Demo Day", ...body });
const message = (body: Record<string, unknown>) => {
  const result = parse(body);
  return result.success ? null : describeResourceIssues(EVENTS, result.error.issues);
};

describe("the events form's fields", () => {
  it("a checkbox is 'yes' when ticked (on, yes) and '' when absent", () => {
    expect(parse({}).data?.hidden).toBe("");
    expect(parse({ hidden: "on" }).data?.hidden).toBe("yes");
    expect(parse({ hidden: "yes" }).data?.hidden).toBe("yes");
    expect(parse({ hidden: "no" }).data?.hidden).toBe("");
  });

  it("a start is a real Lagos date and time, or blank", () => {
    expect(parse({ startsAt: "2030-03-14T16:00" }).success).toBe(true);
    expect(parse({ startsAt: "" }).success).toBe(true);
    expect(message({ startsAt: "2030-02-30T16:00" })).toContain(
      "Starts (Lagos time) must be a date and time (Lagos time)",
    );
    expect(message({ startsAt: "2030-03-14T24:00" })).toContain("must be a date and time");
    expect(lagosLocalToDate("2030-03-14T16:00")!.toISOString()).toBe("2030-03-14T15:00:00.000Z");
    expect(dateToLagosLocal("2030-03-14T15:00:00.000Z")).toBe("2030-03-14T16:00");
  });

  it("photos are addresses one a line (blank lines dropped), at most 20", () => {
    expect(parse({ photos: " /media/a.svg \n\n https://cdn.example/b.jpg " }).data?.photos).toBe(
      "/media/a.svg\nhttps://cdn.example/b.jpg",
    );
    expect(message({ photos: "/media/a.svg\njavascript:alert(1)" })).toContain("each line must be a web address");
    expect(message({ photos: Array.from({ length: 21 }, (_, i) => `/media/${i}.svg`).join("\n") })).toContain(
      "at most 20",
    );
  });

  it("the streaming link is https only", () => {
    expect(parse({ streamUrl: "https://zoom.us/j/1?pwd=x" }).success).toBe(true);
    expect(message({ streamUrl: "http://zoom.us/j/1" })).toContain("Streaming link must be an https:// address");
    expect(message({ streamUrl: "/media/x" })).toContain("Streaming link must be an https:// address");
  });
});
