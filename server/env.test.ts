import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, publicEnv } from "./env.ts";

describe("parseEnv", () => {
  it("has working defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      SITE_NAME: "TechAfrica",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      SEED_ON_EMPTY: true,
      BODY_LIMIT_BYTES: 1024 * 1024,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("derives PUBLIC_URL from PORT unless it is given", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PORT: "8080", PUBLIC_URL: "https://academy.example" }).PUBLIC_URL).toBe(
      "https://academy.example",
    );
  });

  it("reads the values it is given", () => {
    const env = parseEnv({
      PORT: "4000",
      DATA_DIR: "/srv/academy",
      DATABASE_URL: "postgresql://app@db:5432/academy",
      SITE_NAME: "Academy",
      SEED_ON_EMPTY: "false",
    });
    expect(env).toMatchObject({
      PORT: 4000,
      DATA_DIR: "/srv/academy",
      DATABASE_URL: "postgresql://app@db:5432/academy",
      SITE_NAME: "Academy",
      SEED_ON_EMPTY: false,
    });
  });

  it("treats an empty DATABASE_URL as unset (PGlite)", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "0" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://root@localhost/academy" }],
    ["PUBLIC_URL", { PUBLIC_URL: "academy.example" }],
    ["SEED_ON_EMPTY", { SEED_ON_EMPTY: "yes" }],
    ["SITE_NAME", { SITE_NAME: "" }],
  ])("fails with a ConfigError naming %s for a bad value", (name, source) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${name}:`);
  });

  it("lists every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "abc", PUBLIC_URL: "nope" })).toThrow(/PORT:[\s\S]*PUBLIC_URL:/);
  });
});

describe("publicEnv", () => {
  it("exposes only the values the browser may see", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://secret@db/academy" });
    expect(publicEnv(env)).toEqual({ SITE_NAME: "TechAfrica", PUBLIC_URL: "http://localhost:3000" });
  });
});
