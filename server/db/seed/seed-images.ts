// Demo images drawn by code (no downloads): 16:9 illustrations for slides, courses and events, and
// portrait avatars for experts and talents. Deterministic: the same input gives the same bytes.

export type PaletteName = "blue" | "amber" | "teal" | "purple" | "green";

export type Motif =
  "code" | "mobile" | "data" | "design" | "security" | "video" | "stage" | "community" | "learn" | "gallery";

interface Palette {
  from: string;
  to: string;
  accent: string;
  soft: string;
}

const PALETTES: Record<PaletteName, Palette> = {
  blue: { from: "#174ca8", to: "#0b2559", accent: "#f59e0b", soft: "#93c5fd" },
  amber: { from: "#d97706", to: "#7c2d12", accent: "#174ca8", soft: "#fde68a" },
  teal: { from: "#0f766e", to: "#113f3c", accent: "#fbbf24", soft: "#5eead4" },
  purple: { from: "#6d28d9", to: "#2e1065", accent: "#f59e0b", soft: "#c4b5fd" },
  green: { from: "#15803d", to: "#14391f", accent: "#fbbf24", soft: "#86efac" },
};

const FONT = "Inter,system-ui,-apple-system,'Segoe UI',Roboto,Ubuntu,sans-serif";
const INK = "#0f172a";

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** FNV-1a: a stable number from a string, to vary decoration per image. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator seeded from the hash. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gradient(p: Palette): string {
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`
  );
}

/** Shapes drawn in a 420 x 420 box. */
function motif(kind: Motif, p: Palette, rnd: () => number): string {
  switch (kind) {
    case "code": {
      const lines = Array.from({ length: 5 }, (_, i) => {
        const w = 120 + Math.round(rnd() * 220);
        const x = 32 + (i % 3 === 1 ? 32 : 0) + (i === 3 ? 64 : 0);
        const fill = [p.accent, p.soft, "#fff"][i % 3];
        return `<rect x="${x}" y="${96 + i * 40}" width="${w}" height="16" rx="8" fill="${fill}" fill-opacity=".85"/>`;
      }).join("");
      return (
        `<rect y="20" width="420" height="320" rx="20" fill="${INK}" fill-opacity=".85"/>` +
        `<circle cx="32" cy="48" r="9" fill="#ef4444"/><circle cx="60" cy="48" r="9" fill="#f59e0b"/><circle cx="88" cy="48" r="9" fill="#22c55e"/>` +
        lines +
        `<text x="250" y="410" font-family="ui-monospace,Menlo,monospace" font-size="92" font-weight="700" fill="${p.accent}">&lt;/&gt;</text>`
      );
    }
    case "mobile":
      return (
        `<rect x="110" y="0" width="200" height="400" rx="32" fill="${INK}" fill-opacity=".9"/>` +
        `<rect x="126" y="40" width="168" height="300" rx="12" fill="${p.soft}"/>` +
        `<rect x="144" y="60" width="60" height="60" rx="14" fill="${p.accent}"/><rect x="216" y="60" width="60" height="60" rx="14" fill="${p.from}"/>` +
        `<rect x="144" y="134" width="60" height="60" rx="14" fill="${p.from}"/><rect x="216" y="134" width="60" height="60" rx="14" fill="#fff"/>` +
        `<rect x="144" y="214" width="132" height="14" rx="7" fill="${p.to}" fill-opacity=".6"/><rect x="144" y="240" width="96" height="14" rx="7" fill="${p.to}" fill-opacity=".4"/>` +
        `<circle cx="210" cy="370" r="14" fill="#fff" fill-opacity=".5"/>` +
        `<circle cx="370" cy="90" r="40" fill="${p.accent}" fill-opacity=".9"/><circle cx="50" cy="300" r="28" fill="#fff" fill-opacity=".6"/>`
      );
    case "data": {
      const bars = Array.from({ length: 6 }, (_, i) => {
        const h = 80 + Math.round(rnd() * 220);
        return `<rect x="${20 + i * 66}" y="${360 - h}" width="46" height="${h}" rx="8" fill="${i % 2 ? p.soft : p.accent}"/>`;
      }).join("");
      return (
        `<rect width="420" height="400" rx="20" fill="${INK}" fill-opacity=".6"/>` +
        bars +
        `<path d="M30 250 L110 190 L190 220 L270 120 L390 70" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<circle cx="390" cy="70" r="14" fill="#fff"/>`
      );
    }
    case "design":
      return (
        `<circle cx="150" cy="160" r="120" fill="${p.soft}" fill-opacity=".9"/>` +
        `<rect x="200" y="150" width="190" height="190" rx="18" fill="${p.accent}" transform="rotate(12 295 245)"/>` +
        `<path d="M40 400 L160 190 L280 400Z" fill="#fff" fill-opacity=".9"/>` +
        `<path d="M330 20 L400 90 L290 200 L230 212 L242 152Z" fill="#fff"/><circle cx="272" cy="170" r="10" fill="${p.from}"/>`
      );
    case "security":
      return (
        `<path d="M210 10 L390 76 V200 C390 300 310 372 210 410 C110 372 30 300 30 200 V76Z" fill="${p.soft}" fill-opacity=".9"/>` +
        `<path d="M210 50 L350 102 V200 C350 280 290 338 210 368 C130 338 70 280 70 200 V102Z" fill="${p.to}"/>` +
        `<path d="M168 200 V168 A42 42 0 0 1 252 168 V200" fill="none" stroke="${p.accent}" stroke-width="18"/>` +
        `<rect x="146" y="196" width="128" height="104" rx="16" fill="${p.accent}"/>` +
        `<circle cx="210" cy="238" r="16" fill="${INK}"/><rect x="202" y="244" width="16" height="34" rx="6" fill="${INK}"/>`
      );
    case "video":
      return (
        `<rect y="30" width="420" height="260" rx="20" fill="${INK}" fill-opacity=".85"/>` +
        `<circle cx="210" cy="160" r="70" fill="${p.accent}"/><path d="M188 122 L254 160 L188 198Z" fill="#fff"/>` +
        `<rect y="318" width="420" height="14" rx="7" fill="#fff" fill-opacity=".25"/><rect y="318" width="${150 + Math.round(rnd() * 150)}" height="14" rx="7" fill="${p.accent}"/>` +
        `<rect y="352" width="130" height="44" rx="8" fill="${p.soft}"/><rect x="140" y="352" width="90" height="44" rx="8" fill="#fff" fill-opacity=".8"/><rect x="240" y="352" width="180" height="44" rx="8" fill="${p.accent}" fill-opacity=".8"/>`
      );
    case "stage": {
      const stars = Array.from({ length: 6 }, () => {
        const x = Math.round(rnd() * 420);
        const y = Math.round(rnd() * 160);
        return `<circle cx="${x}" cy="${y}" r="${3 + Math.round(rnd() * 4)}" fill="#fff" fill-opacity=".8"/>`;
      }).join("");
      return (
        `<path d="M90 0 L10 380 H200Z" fill="#fff" fill-opacity=".14"/><path d="M330 0 L220 380 H410Z" fill="#fff" fill-opacity=".14"/>` +
        stars +
        `<ellipse cx="210" cy="385" rx="210" ry="32" fill="${p.accent}" fill-opacity=".8"/>` +
        `<rect x="204" y="200" width="12" height="180" fill="${p.soft}"/><rect x="170" y="372" width="80" height="12" rx="6" fill="${p.soft}"/>` +
        `<rect x="186" y="130" width="48" height="84" rx="24" fill="#fff"/><path d="M176 186 A34 34 0 0 0 244 186" fill="none" stroke="${p.soft}" stroke-width="8"/>`
      );
    }
    case "community": {
      const person = (x: number, y: number, s: number, fill: string) =>
        `<circle cx="${x}" cy="${y}" r="${44 * s}" fill="${fill}"/>` +
        `<path d="M${x - 90 * s} ${y + 170 * s} C${x - 90 * s} ${y + 80 * s} ${x + 90 * s} ${y + 80 * s} ${x + 90 * s} ${y + 170 * s}Z" fill="${fill}"/>`;
      return (
        `<circle cx="210" cy="200" r="200" fill="#fff" fill-opacity=".08"/>` +
        person(100, 170, 0.9, p.soft) +
        person(320, 170, 0.9, p.accent) +
        person(210, 150, 1.2, "#fff")
      );
    }
    case "learn":
      return (
        `<rect x="40" y="90" width="340" height="220" rx="16" fill="${INK}" fill-opacity=".85"/>` +
        `<rect x="60" y="110" width="300" height="180" rx="8" fill="${p.soft}"/>` +
        `<path d="M10 320 H410 L380 350 H40Z" fill="#fff" fill-opacity=".85"/>` +
        `<rect x="84" y="140" width="150" height="16" rx="8" fill="${p.to}" fill-opacity=".7"/><rect x="84" y="172" width="220" height="12" rx="6" fill="${p.to}" fill-opacity=".4"/>` +
        `<rect x="84" y="196" width="190" height="12" rx="6" fill="${p.to}" fill-opacity=".4"/>` +
        `<path d="M260 40 L380 0 L420 40 L300 80Z" fill="${p.accent}"/><path d="M300 80 V110 C330 128 370 120 390 100 V58" fill="${p.accent}" fill-opacity=".8"/>`
      );
    case "gallery":
      return (
        `<g transform="rotate(-8 150 200)"><rect x="20" y="60" width="250" height="190" rx="10" fill="#fff"/><rect x="36" y="76" width="218" height="140" fill="${p.soft}"/>` +
        `<path d="M36 216 L110 140 L170 190 L210 160 L254 216Z" fill="${p.from}"/><circle cx="210" cy="110" r="18" fill="${p.accent}"/></g>` +
        `<g transform="rotate(7 300 260)"><rect x="160" y="170" width="250" height="190" rx="10" fill="#fff"/><rect x="176" y="186" width="218" height="140" fill="${p.accent}" fill-opacity=".85"/>` +
        `<circle cx="285" cy="256" r="44" fill="#fff" fill-opacity=".9"/><path d="M225 326 C235 290 335 290 345 326Z" fill="#fff" fill-opacity=".9"/></g>`
      );
  }
}

function labelLines(label: string): { lines: string[]; size: number } {
  const fits = (text: string, size: number) => text.length * size * 0.56 <= 600;
  if (fits(label, 76)) return { lines: [label], size: 76 };
  const words = label.split(" ");
  for (const size of [68, 56, 46]) {
    for (let cut = 1; cut < words.length; cut++) {
      const first = words.slice(0, cut).join(" ");
      const second = words.slice(cut).join(" ");
      if (fits(first, size) && fits(second, size)) return { lines: [first, second], size };
    }
  }
  return { lines: [label], size: 40 };
}

export interface BannerOptions {
  /** the accessible name, written into <title> */
  title: string;
  /** the short text drawn on the image; none for images shown beside text of their own (carousel) */
  label?: string;
  /** a small uppercase line above the label */
  kicker?: string;
  palette: PaletteName;
  motif: Motif;
}

/** A 1200 x 675 (16:9) illustration. */
export function bannerSvg(o: BannerOptions): string {
  const p = PALETTES[o.palette];
  const rnd = random(hash(`${o.title}|${o.label ?? ""}|${o.motif}`));
  const blobs = Array.from({ length: 3 }, (_, i) => {
    const x = Math.round(rnd() * 1200);
    const y = Math.round(rnd() * 675);
    const r = 80 + Math.round(rnd() * 180);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i === 1 ? p.accent : "#fff"}" fill-opacity="${i === 1 ? ".12" : ".07"}"/>`;
  }).join("");
  const lastY = 560;
  const { lines, size } = o.label ? labelLines(o.label) : { lines: [], size: 0 };
  const text = lines
    .map((line, i) => {
      const y = lastY - (lines.length - 1 - i) * Math.round(size * 1.1);
      return `<text x="72" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff">${escapeXml(line)}</text>`;
    })
    .join("");
  const kickerY = lastY - (lines.length - 1) * Math.round(size * 1.1) - size - 24;
  const kicker =
    o.kicker && o.label
      ? `<text x="76" y="${kickerY}" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="4" fill="${p.soft}">${escapeXml(o.kicker.toUpperCase())}</text>`
      : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675" role="img">` +
    `<title>${escapeXml(o.title)}</title>` +
    gradient(p) +
    `<rect width="1200" height="675" fill="url(#g)"/>` +
    blobs +
    `<path d="M0 675 L0 610 Q600 540 1200 620 L1200 675Z" fill="#000" fill-opacity=".12"/>` +
    `<g transform="translate(700 120)">${motif(o.motif, p, rnd)}</g>` +
    kicker +
    text +
    (o.label ? `<rect x="76" y="${lastY + 28}" width="120" height="10" rx="5" fill="${p.accent}"/>` : "") +
    `</svg>\n`
  );
}

const SKIN = ["#8d5524", "#6b3e26", "#a0662f", "#5c3a21", "#7a4a2a"];
const HAIR = "#1c1512";

export function initials(name: string): string {
  const parts = name
    .replace(/^(Dr|Mr|Mrs|Ms|Prof)\.?\s+/i, "")
    .split(/\s+/)
    .filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

export interface PortraitOptions {
  name: string;
  palette: PaletteName;
  /** 0 short hair, 1 afro, 2 head wrap, 3 close crop */
  hair?: 0 | 1 | 2 | 3;
}

/** A 400 x 400 avatar: head and shoulders silhouette with the person's initials. */
export function portraitSvg(o: PortraitOptions): string {
  const p = PALETTES[o.palette];
  const h = hash(o.name);
  const skin = SKIN[h % SKIN.length];
  const hair = o.hair ?? (h >>> 3) % 4;
  const shirt = (h >>> 5) % 2 ? p.accent : "#fff";
  const behind = hair === 1 ? `<circle cx="200" cy="150" r="96" fill="${HAIR}"/>` : "";
  const top =
    hair === 0
      ? `<path d="M132 158 C128 96 168 78 200 78 C232 78 272 96 268 158 C254 116 146 116 132 158Z" fill="${HAIR}"/>`
      : hair === 2
        ? `<path d="M124 150 C112 56 288 56 276 150 C258 104 142 104 124 150Z" fill="${p.accent}"/><circle cx="262" cy="86" r="22" fill="${p.accent}"/>`
        : hair === 3
          ? `<path d="M136 140 C140 96 172 84 200 84 C228 84 260 96 264 140 C246 112 154 112 136 140Z" fill="${HAIR}" fill-opacity=".85"/>`
          : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<title>Portrait of ${escapeXml(o.name)}</title>` +
    gradient(p) +
    `<rect width="400" height="400" fill="url(#g)"/>` +
    `<circle cx="340" cy="60" r="100" fill="#fff" fill-opacity=".08"/><circle cx="40" cy="380" r="80" fill="${p.accent}" fill-opacity=".15"/>` +
    behind +
    `<path d="M56 400 C56 312 118 268 200 268 C282 268 344 312 344 400Z" fill="${shirt}"/>` +
    `<path d="M170 270 L200 320 L230 270Z" fill="${skin}"/>` +
    `<rect x="174" y="214" width="52" height="62" rx="22" fill="${skin}"/>` +
    `<ellipse cx="200" cy="162" rx="66" ry="78" fill="${skin}"/>` +
    top +
    `<circle cx="318" cy="322" r="48" fill="${INK}" fill-opacity=".85"/>` +
    `<text x="318" y="337" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="800" fill="#fff">${escapeXml(initials(o.name))}</text>` +
    `</svg>\n`
  );
}
