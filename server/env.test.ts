import { describe, expect, it } from "vitest";
import { ConfigError, isLocalUrl, parseEnv, publicEnv } from "./env.ts";

/** The sandbox chosen on purpose: needed with a PUBLIC_URL that is not local (see "sandbox payments"). */
const SANDBOX = { PAYMENT_PROVIDER: "sandbox" };

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
    expect(parseEnv({ PORT: "8080", PUBLIC_URL: "https://academy.example", ...SANDBOX }).PUBLIC_URL).toBe(
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

  it("reads the identity settings: admin e-mails as a lower-case list, the limits as numbers", () => {
    const env = parseEnv({ ADMIN_EMAILS: " Boss@Example.com ,ops@example.com,", SIGN_IN_RATE_LIMIT: "20" });
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
    expect(env.SIGN_IN_RATE_LIMIT).toBe(20);
    expect(env.STEP_UP_MAX_AGE_SECONDS).toBe(3600);
    expect(env.AUTH_RATE_LIMIT).toBe(100);
    expect(parseEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ AUTH_SECRET: "" }).AUTH_SECRET).toBeUndefined();
  });

  it("reads the media settings: one pixel limit, the cache cap, the render queue, CORS origins", () => {
    expect(parseEnv({})).toMatchObject({
      MEDIA_MAX_PIXELS: 40_000_000,
      MEDIA_CACHE_MAX_BYTES: 512 * 1024 * 1024,
      MEDIA_RENDER_SLOTS: 2,
      MEDIA_RENDER_QUEUE: 16,
      MEDIA_RENDER_TIMEOUT_SECONDS: 20,
      MEDIA_CORS_ORIGINS: [],
    });
    expect(
      parseEnv({ MEDIA_CORS_ORIGINS: " https://app.example/ , http://localhost:5173,", MEDIA_RENDER_QUEUE: "0" }),
    ).toMatchObject({ MEDIA_CORS_ORIGINS: ["https://app.example", "http://localhost:5173"], MEDIA_RENDER_QUEUE: 0 });
  });

  it("reads how often dead processes' jobs are looked for: a minute unless given", () => {
    expect(parseEnv({}).JOB_SUPERVISE_SECONDS).toBe(60);
    expect(parseEnv({ JOB_SUPERVISE_SECONDS: "5" }).JOB_SUPERVISE_SECONDS).toBe(5);
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
    ["AUTH_SECRET", { AUTH_SECRET: "too-short" }],
    ["ADMIN_EMAILS", { ADMIN_EMAILS: "boss@example.com, not-an-address" }],
    ["SIGN_IN_RATE_LIMIT", { SIGN_IN_RATE_LIMIT: "0" }],
    ["AUTH_RATE_LIMIT", { AUTH_RATE_LIMIT: "0" }],
    ["STEP_UP_MAX_AGE_SECONDS", { STEP_UP_MAX_AGE_SECONDS: "soon" }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.com" }],
    ["SMTP_URL", { SMTP_URL: "smtp://" }],
    ["MAIL_FROM", { MAIL_FROM: "no-reply" }],
    ["MAIL_FROM", { MAIL_FROM: "Academy <no-reply@academy.example" }],
    ["MAIL_POSTAL_ADDRESS", { MAIL_POSTAL_ADDRESS: "12 Marina Road\nBcc: all@example.com" }],
    ["MAIL_POSTAL_ADDRESS", { MAIL_POSTAL_ADDRESS: "x".repeat(201) }],
    ["MEDIA_MAX_PIXELS", { MEDIA_MAX_PIXELS: "1000" }],
    ["MEDIA_CACHE_MAX_BYTES", { MEDIA_CACHE_MAX_BYTES: "-1" }],
    ["MEDIA_RENDER_SLOTS", { MEDIA_RENDER_SLOTS: "0" }],
    ["MEDIA_RENDER_QUEUE", { MEDIA_RENDER_QUEUE: "lots" }],
    ["MEDIA_RENDER_TIMEOUT_SECONDS", { MEDIA_RENDER_TIMEOUT_SECONDS: "0" }],
    ["MEDIA_CORS_ORIGINS", { MEDIA_CORS_ORIGINS: "https://app.example/path" }],
    ["MEDIA_CORS_ORIGINS", { MEDIA_CORS_ORIGINS: "app.example" }],
    ["MEDIA_CORS_ORIGINS", { MEDIA_CORS_ORIGINS: "*" }],
    ["JOB_SUPERVISE_SECONDS", { JOB_SUPERVISE_SECONDS: "0" }],
    ["JOB_SUPERVISE_SECONDS", { JOB_SUPERVISE_SECONDS: "often" }],
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

  it("reads the mail settings: SMTP_URL optional, MAIL_FROM from SITE_NAME and PUBLIC_URL unless given", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtps://mailer:p%40ss@smtp.example.com:465" }).SMTP_URL).toBe(
      "smtps://mailer:p%40ss@smtp.example.com:465",
    );
    expect(parseEnv({}).MAIL_FROM).toBe("TechAfrica <no-reply@localhost>");
    expect(parseEnv({ SITE_NAME: "Academy", PUBLIC_URL: "https://academy.example.ng", ...SANDBOX }).MAIL_FROM).toBe(
      "Academy <no-reply@academy.example.ng>",
    );
    // A name with a comma is quoted, or it would read as two addresses; an IP address is no mail domain.
    expect(parseEnv({ SITE_NAME: "Tech, Africa", PUBLIC_URL: "http://10.0.0.5:3000", ...SANDBOX }).MAIL_FROM).toBe(
      '"Tech, Africa" <no-reply@localhost>',
    );
    expect(parseEnv({ MAIL_FROM: " Academy <hello@academy.example> " }).MAIL_FROM).toBe(
      "Academy <hello@academy.example>",
    );
    expect(parseEnv({ MAIL_FROM: "hello@academy.example" }).MAIL_FROM).toBe("hello@academy.example");
    // the e-mails' footer: one line, optional
    expect(parseEnv({}).MAIL_POSTAL_ADDRESS).toBeUndefined();
    expect(parseEnv({ MAIL_POSTAL_ADDRESS: "" }).MAIL_POSTAL_ADDRESS).toBeUndefined();
    expect(parseEnv({ MAIL_POSTAL_ADDRESS: " 12 Marina Road, Lagos \n" }).MAIL_POSTAL_ADDRESS).toBe(
      "12 Marina Road, Lagos",
    );
  });

  it("pays through the sandbox by default, or Paystack with both keys; a missing key stops the start naming it", () => {
    expect(parseEnv({})).toMatchObject({ PAYMENT_PROVIDER: "sandbox", PAYSTACK_BASE_URL: "https://api.paystack.co" });
    const paystack = {
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_PUBLIC_KEY: "pk_test_1",
      PAYSTACK_SECRET_KEY: "sk_test_1",
    };
    expect(parseEnv({ ...paystack, PAYSTACK_BASE_URL: "http://127.0.0.1:9999/" })).toMatchObject({
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: "sk_test_1",
      PAYSTACK_BASE_URL: "http://127.0.0.1:9999",
    });
    const messageOf = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message.split("\n");
      }
      throw new Error("parseEnv accepted it");
    };
    expect(messageOf({ ...paystack, PAYSTACK_SECRET_KEY: "" })).toEqual([
      "Invalid configuration:",
      expect.stringMatching(
        /^ {2}PAYSTACK_SECRET_KEY: PAYMENT_PROVIDER=paystack needs PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY/,
      ),
    ]);
    expect(messageOf({ PAYMENT_PROVIDER: "paystack" })[1]).toMatch(/^ {2}PAYSTACK_PUBLIC_KEY, PAYSTACK_SECRET_KEY: /);
    expect(messageOf({ PAYMENT_PROVIDER: "stripe" })).toEqual([
      "Invalid configuration:",
      "  PAYMENT_PROVIDER: PAYMENT_PROVIDER must be sandbox or paystack",
    ]);
    expect(messageOf({ PAYSTACK_BASE_URL: "ftp://x" })[1]).toMatch(/PAYSTACK_BASE_URL must be an http\(s\) URL/);
  });

  it("reads CONTACT_REPLY_TO as an address, unset by default", () => {
    expect(parseEnv({}).CONTACT_REPLY_TO).toBeUndefined();
    expect(parseEnv({ CONTACT_REPLY_TO: "" }).CONTACT_REPLY_TO).toBeUndefined();
    expect(parseEnv({ CONTACT_REPLY_TO: "Help <help@academy.example>" }).CONTACT_REPLY_TO).toBe(
      "Help <help@academy.example>",
    );
    expect(() => parseEnv({ CONTACT_REPLY_TO: "help desk" })).toThrow(/CONTACT_REPLY_TO must be an address/);
    expect(() => parseEnv({ CONTACT_REPLY_TO: "a@b.c\nBcc: x@y.z" })).toThrow(/CONTACT_REPLY_TO must be an address/);
  });

  it("reads the writing limits and the address factor, with their defaults", () => {
    expect(parseEnv({})).toMatchObject({
      PAYMENT_RATE_LIMIT: 20,
      COMMENT_RATE_LIMIT: 10,
      POST_RATE_LIMIT: 5,
      UPLOAD_RATE_LIMIT: 30,
      NEWSLETTER_RATE_LIMIT: 5,
      CONTACT_RATE_LIMIT: 5,
      CREDENTIAL_CHECK_RATE_LIMIT: 20,
      ADDRESS_RATE_LIMIT_FACTOR: 50,
    });
    expect(parseEnv({ NEWSLETTER_RATE_LIMIT: "2", CONTACT_RATE_LIMIT: "3" })).toMatchObject({
      NEWSLETTER_RATE_LIMIT: 2,
      CONTACT_RATE_LIMIT: 3,
    });
    expect(() => parseEnv({ NEWSLETTER_RATE_LIMIT: "0" })).toThrow(/NEWSLETTER_RATE_LIMIT must be at least 1/);
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: "x" })).toThrow(/CONTACT_RATE_LIMIT must be a number/);
    expect(parseEnv({ CREDENTIAL_CHECK_RATE_LIMIT: "4" }).CREDENTIAL_CHECK_RATE_LIMIT).toBe(4);
    expect(() => parseEnv({ CREDENTIAL_CHECK_RATE_LIMIT: "0" })).toThrow(
      /CREDENTIAL_CHECK_RATE_LIMIT must be at least 1/,
    );
    expect(
      parseEnv({
        COMMENT_RATE_LIMIT: "3",
        POST_RATE_LIMIT: "1",
        UPLOAD_RATE_LIMIT: "7",
        ADDRESS_RATE_LIMIT_FACTOR: "100",
      }),
    ).toMatchObject({
      COMMENT_RATE_LIMIT: 3,
      POST_RATE_LIMIT: 1,
      UPLOAD_RATE_LIMIT: 7,
      ADDRESS_RATE_LIMIT_FACTOR: 100,
    });
    expect(() => parseEnv({ COMMENT_RATE_LIMIT: "0" })).toThrow(
      /COMMENT_RATE_LIMIT: COMMENT_RATE_LIMIT must be at least 1/,
    );
    expect(() => parseEnv({ POST_RATE_LIMIT: "many" })).toThrow(/POST_RATE_LIMIT: POST_RATE_LIMIT must be a number/);
    expect(() => parseEnv({ ADDRESS_RATE_LIMIT_FACTOR: "0.5" })).toThrow(/ADDRESS_RATE_LIMIT_FACTOR/);
  });

  describe("sandbox payments (issue 15: anyone can mark a sandbox payment paid)", () => {
    it("runs the sandbox by default on a local PUBLIC_URL, as the README's first command does", () => {
      expect(parseEnv({})).toMatchObject({ PAYMENT_PROVIDER: "sandbox", PAYMENT_SANDBOX_IMPLICIT: true });
      for (const url of [
        "http://localhost:3000",
        "http://127.0.0.1:3107",
        "http://127.1.2.3",
        "http://[::1]:3000",
        "http://academy.localhost:3000",
        "http://LOCALHOST.:8080",
      ]) {
        expect(parseEnv({ PUBLIC_URL: url }), url).toMatchObject({ PAYMENT_PROVIDER: "sandbox" });
      }
    });

    it("refuses to start with the sandbox by default when PUBLIC_URL is not local, naming PAYMENT_PROVIDER", () => {
      for (const url of [
        "https://academy.example.ng",
        "http://192.168.1.20:3000",
        "http://10.0.0.5",
        "http://[2001:db8::1]",
        "http://localhost.example.com",
        "http://127.0.0.1.nip.io",
      ]) {
        let error: unknown;
        try {
          parseEnv({ PUBLIC_URL: url });
        } catch (e) {
          error = e;
        }
        expect(error, url).toBeInstanceOf(ConfigError);
        const lines = (error as Error).message.split("\n");
        expect(lines[0]).toBe("Invalid configuration:");
        expect(lines[1]).toMatch(/^ {2}PAYMENT_PROVIDER: unset, so payments would run in the offline sandbox/);
        expect(lines[1]).toContain(`PUBLIC_URL (${url})`);
        expect(lines[1]).toContain("PAYMENT_PROVIDER=paystack");
        expect(lines[1]).toContain("PAYMENT_PROVIDER=sandbox");
      }
      // an empty PAYMENT_PROVIDER is unset too
      expect(() => parseEnv({ PUBLIC_URL: "https://academy.example.ng", PAYMENT_PROVIDER: "" })).toThrow(ConfigError);
    });

    it("runs the sandbox chosen on purpose anywhere (a demo), and Paystack anywhere", () => {
      expect(parseEnv({ PUBLIC_URL: "https://demo.academy.example", ...SANDBOX })).toMatchObject({
        PAYMENT_PROVIDER: "sandbox",
        PAYMENT_SANDBOX_IMPLICIT: false,
      });
      expect(
        parseEnv({
          PUBLIC_URL: "https://academy.example.ng",
          PAYMENT_PROVIDER: "paystack",
          PAYSTACK_PUBLIC_KEY: "pk_live_1",
          PAYSTACK_SECRET_KEY: "sk_live_1",
        }),
      ).toMatchObject({ PAYMENT_PROVIDER: "paystack", PAYMENT_SANDBOX_IMPLICIT: false });
    });

    it("knows a local address", () => {
      expect(isLocalUrl("http://localhost")).toBe(true);
      expect(isLocalUrl("http://[::ffff:127.0.0.1]:3000")).toBe(true);
      expect(isLocalUrl("http://0.0.0.0:3000")).toBe(false);
      expect(isLocalUrl("https://127.0.0.1.example")).toBe(false);
    });
  });

  it("takes the S3 media store's five settings together, or none of them", () => {
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "media",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseEnv({}).S3).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: "", S3_REGION: "" }).S3).toBeUndefined();
    expect(parseEnv(s3).S3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    // A partial set stops the start with one line naming what is missing (not a silent fall-back to disk).
    const error = (() => {
      try {
        parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: "" });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split("\n")).toEqual([
      "Invalid configuration:",
      expect.stringMatching(
        /^ {2}S3_SECRET_ACCESS_KEY: the S3 media store needs all of S3_ENDPOINT, .*S3_SECRET_ACCESS_KEY/,
      ),
    ]);
    expect(() => parseEnv({ S3_BUCKET: "media" })).toThrow(
      /S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY:/,
    );
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(
      /S3_ENDPOINT: S3_ENDPOINT must be an http\(s\) URL/,
    );
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
