// The showcase's event card and the course card as the server renders them (issue 29; decision 061):
// nothing incomplete is sold or shown half-empty. An event without a date has no Buy Ticket and no empty
// "When:"; a course without a duration has no "Duration:" with nothing after it.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Course } from "../../../contract/courses/catalog.ts";
import { EVENT_DATE_MESSAGES } from "../../../contract/showcase/event-dates.ts";
import type { ShowcaseEvent } from "../../../contract/showcase/events.ts";
import { showcaseState } from "../../../contract/showcase/showcase-resources.ts";
import { CourseCard } from "../courses/course-card.tsx";
import { EventCard } from "./event-card.tsx";

const EVENT: ShowcaseEvent = {
  _id: "0123456789abcdef01234567",
  name: "Demo Day",
  description: "",
  time: "",
  startsAt: null,
  coverPhoto: "",
  photos: [],
};
const card = (event: Partial<ShowcaseEvent>) =>
  renderToStaticMarkup(<EventCard event={{ ...EVENT, ...event }} onZoom={() => {}} onBuy={() => {}} />);

describe("the showcase's event card", () => {
  it("an event with only a name: no Buy Ticket, no empty 'When:', the reason said", () => {
    const html = card({});
    expect(html).toContain("Demo Day");
    expect(html).not.toContain("Buy Ticket");
    expect(html).not.toContain("When: ");
    expect(html).toContain(EVENT_DATE_MESSAGES.dateToCome);
  });

  it("an event with a time, or only a start, is sold and says when", () => {
    const timed = card({ time: "Saturday, 4 pm WAT" });
    expect(timed).toContain("Buy Ticket");
    expect(timed).toContain("Saturday, 4 pm WAT");
    const started = card({ startsAt: "2030-03-14T15:00:00.000Z" });
    expect(started).toContain("Buy Ticket");
    expect(started).toMatch(/When: <\/span>[^<]*2030/);
    expect(started).not.toContain(EVENT_DATE_MESSAGES.dateToCome);
  });
});

describe("the /tickets list's Showcase column", () => {
  it("marks an event without a date 'Incomplete: no date'", () => {
    expect(showcaseState({ hidden: "", time: "", startsAt: "" })).toBe("Incomplete: no date");
    expect(showcaseState({ hidden: "", time: "Friday", startsAt: "" })).toBe("Shown");
    expect(showcaseState({ hidden: "", time: "", startsAt: "2030-03-14T16:00" })).toBe("Shown");
    expect(showcaseState({ hidden: "yes", time: "", startsAt: "" })).toBe("Hidden");
  });
});

describe("the course card", () => {
  const COURSE: Course = {
    _id: "0123456789abcdef01234568",
    title: "Cyber basics",
    img: "",
    instructor: "Ada",
    duration: "",
    price: 10000,
    discountPrice: null,
    showDiscount: false,
    rating: 4.5,
    category: "Cybersecurity",
    features: [],
  };
  it("leaves out an empty duration, and shows one that is given", () => {
    // (the card links to the course's page: a router around it)
    const html = (course: Course) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <CourseCard course={course} onEnroll={() => {}} />
        </MemoryRouter>,
      );
    expect(html(COURSE)).not.toContain("Duration:");
    expect(html({ ...COURSE, duration: "6 weeks" })).toMatch(/Duration: <\/span>6 weeks/);
  });
});
