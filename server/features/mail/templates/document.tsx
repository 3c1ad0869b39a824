// The HTML of every e-mail (decision 022): one layout in React Email's components (tables and inline
// styles, which mail clients read), the academy's name and colours in the header, the message's blocks,
// and a footer saying who sent it and why. Loaded by compose.ts on the first message, never at start.
//
// Every value is put in as React text or attribute, so React escapes it: a name such as
// `<script>` arrives as text. Images are only cid: references to the message's own attachments.
// Each component from its own package (the versions @react-email/components pins, so one copy of each):
// the umbrella package also loads its Tailwind, Markdown and code-block (Prism) parts at import, about
// 9 MB of heap that no message of ours uses (decision 039).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { EMAIL_COLORS as C, EMAIL_FONT, type EmailBrand } from "./brand.ts";
import { greetingOf, WATCH_VIDEO, type EmailBlock, type EmailContent, type EmailDetail } from "./content.ts";

// Long values (a signed ticket code, a streaming link, a long name) wrap instead of widening a phone's screen.
const breakAnywhere: CSSProperties = { wordBreak: "break-word", overflowWrap: "anywhere" };
const paragraph: CSSProperties = {
  margin: "0 0 16px",
  fontSize: "16px",
  lineHeight: "24px",
  color: C.text,
  ...breakAnywhere,
};

/** The site's name on a brand-coloured band, with the accent line under it, as the site's header. */
function Header({ brand }: { brand: EmailBrand }) {
  return (
    <Section style={{ backgroundColor: C.brand700, borderBottom: `4px solid ${C.accent400}` }}>
      <Text
        style={{
          margin: 0,
          padding: "18px 24px",
          fontSize: "22px",
          lineHeight: "28px",
          fontWeight: 800,
          ...breakAnywhere,
        }}
      >
        <Link href={brand.url} style={{ color: "#ffffff", textDecoration: "none" }}>
          {brand.name}
        </Link>
      </Text>
    </Section>
  );
}

function Footer({
  brand,
  reason,
  unsubscribeUrl,
}: {
  brand: EmailBrand;
  reason: string;
  unsubscribeUrl?: string | null;
}) {
  const small: CSSProperties = {
    margin: "0 0 8px",
    fontSize: "13px",
    lineHeight: "20px",
    color: C.footerText,
    ...breakAnywhere,
  };
  return (
    <Section style={{ backgroundColor: C.brand950, padding: "20px 24px" }}>
      <Text style={{ ...small, fontWeight: 700, color: "#ffffff" }}>
        {brand.name} ·{" "}
        <Link href={brand.url} style={{ color: "#ffffff", textDecoration: "underline" }}>
          {new URL(brand.url).host}
        </Link>
      </Text>
      {brand.postalAddress ? <Text style={small}>{brand.postalAddress}</Text> : null}
      <Text style={{ ...small, margin: 0 }}>{reason}</Text>
      {unsubscribeUrl ? (
        <Text style={{ ...small, margin: "8px 0 0" }}>
          <Link href={unsubscribeUrl} style={{ color: "#ffffff", textDecoration: "underline" }}>
            Unsubscribe
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

/** The kit's button: the brand colour, white text (8:1), big enough for a thumb. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: C.brand700,
        color: "#ffffff",
        borderRadius: "8px",
        padding: "14px 24px",
        fontSize: "16px",
        fontWeight: 700,
        lineHeight: "20px",
      }}
    >
      {children}
    </Button>
  );
}

/** Label/value rows (a receipt, a ticket); an emphasised row (the amount paid) stands out. */
function Details({ rows }: { rows: EmailDetail[] }) {
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", margin: "0 0 20px", fontSize: "15px", lineHeight: "22px" }}
    >
      <tbody>
        {rows.map((row, i) => {
          const cell: CSSProperties = {
            padding: "10px 0",
            borderTop: i === 0 ? "none" : `1px solid ${row.emphasis ? C.text : C.rule}`,
            verticalAlign: "top",
          };
          return (
            <tr key={i}>
              <th
                scope="row"
                align="left"
                style={{ ...cell, width: "40%", paddingRight: "12px", fontWeight: 600, color: C.muted }}
              >
                {row.label}
              </th>
              <td
                align="left"
                style={{
                  ...cell,
                  ...breakAnywhere,
                  color: C.text,
                  fontWeight: row.emphasis ? 800 : 400,
                  fontSize: row.emphasis ? "18px" : "15px",
                }}
              >
                {row.value}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A text's line breaks as <br>: HTML joins lines, and mail apps do not all honour white-space CSS
 * (a contact reply's lines ran together: issue 29). Each line is text, escaped by React.
 */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

function Block({ block }: { block: EmailBlock }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <Text style={paragraph}>
          <Lines text={block.text} />
        </Text>
      );
    case "note":
      return (
        <Text style={{ ...paragraph, fontSize: "14px", lineHeight: "21px", color: C.muted }}>
          <Lines text={block.text} />
        </Text>
      );
    case "details":
      return <Details rows={block.rows} />;
    case "button":
      return (
        <Section style={{ margin: "4px 0 20px" }}>
          <EmailButton href={block.url}>{block.label}</EmailButton>
          {block.spellOut ? (
            <Text style={{ ...paragraph, margin: "12px 0 0", fontSize: "13px", color: C.muted }}>
              If the button does not work, paste this address into your browser:{" "}
              <Link href={block.url} style={{ color: C.brand700 }}>
                {block.url}
              </Link>
            </Text>
          ) : null}
        </Section>
      );
    case "link":
      return (
        <Text style={paragraph}>
          <strong>{block.label}:</strong>{" "}
          <Link href={block.url} style={{ color: C.brand700, textDecoration: "underline" }}>
            {block.url}
          </Link>
        </Text>
      );
    case "image":
      return (
        <Section style={{ margin: "0 0 16px" }}>
          <Img
            src={`cid:${block.cid}`}
            alt={block.alt}
            width={block.width}
            height={block.height}
            style={{ maxWidth: "100%", height: "auto", border: `1px solid ${C.rule}` }}
          />
        </Section>
      );
    case "picture": {
      const img = (
        <Img
          src={block.url}
          alt={block.alt}
          width={552}
          style={{ width: "100%", maxWidth: "552px", height: "auto", display: "block" }}
        />
      );
      return (
        <Section style={{ margin: "0 0 16px" }}>{block.href ? <Link href={block.href}>{img}</Link> : img}</Section>
      );
    }
    case "video":
      return (
        <Section style={{ margin: "0 0 20px" }}>
          {block.poster ? (
            <>
              <Link href={block.url}>
                <Img
                  src={block.poster}
                  alt={WATCH_VIDEO}
                  width={552}
                  style={{ width: "100%", maxWidth: "552px", height: "auto", display: "block" }}
                />
              </Link>
              <Text style={{ ...paragraph, margin: "8px 0 0" }}>
                <Link href={block.url} style={{ color: C.brand700, textDecoration: "underline", fontWeight: 700 }}>
                  ▶ {WATCH_VIDEO}
                </Link>
              </Text>
            </>
          ) : (
            <EmailButton href={block.url}>▶ {WATCH_VIDEO}</EmailButton>
          )}
        </Section>
      );
  }
}

export function EmailDocument({ brand, content }: { brand: EmailBrand; content: EmailContent }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body
        style={{
          margin: 0,
          padding: "16px 8px",
          backgroundColor: content.background ?? C.canvas,
          fontFamily: EMAIL_FONT,
        }}
      >
        <Container style={{ maxWidth: "600px", backgroundColor: "#ffffff", borderRadius: "12px", overflow: "hidden" }}>
          <Header brand={brand} />
          <Section style={{ padding: "24px" }}>
            <Heading
              as="h1"
              style={{ margin: "0 0 16px", fontSize: "24px", lineHeight: "30px", color: C.brand950, ...breakAnywhere }}
            >
              {content.heading}
            </Heading>
            {content.greeting === false ? null : <Text style={paragraph}>{greetingOf(content)}</Text>}
            {content.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </Section>
          <Footer brand={brand} reason={content.reason} unsubscribeUrl={content.unsubscribeUrl} />
        </Container>
      </Body>
    </Html>
  );
}

/**
 * React Email's render, without what React's renderer adds for web pages and hydration: the markers of
 * its streaming (`<!--$-->`, `<!--/$-->`, `<!--html-->` …) and between adjacent texts (`<!-- -->`),
 * which mean nothing in an e-mail, and the `<link rel="preload">` it hoists for each image, which would
 * point a mail client at a cid: address as if it were a URL. Outlook's conditional comments
 * (`<!--[if mso]>`) stay.
 */
export async function renderEmailHtml(brand: EmailBrand, content: EmailContent): Promise<string> {
  const html = await render(<EmailDocument brand={brand} content={content} />);
  return html
    .replace(/<!--\/?\$\??-->|<!--\/?(?:html|head|body)-->|<!-- -->/g, "")
    .replace(/<link rel="preload"[^>]*\/?>/g, "");
}
