// The demo blog: five staff writers and thirty posts for a Lagos tech-skills academy, with comments.
// Bodies are HTML as the post editor (Tiptap) writes it, already in the form sanitizePostHtml gives
// back (links carry its rel, images and players its attributes), so showing them changes nothing.
// Ages are minutes before the seed's clock, so the list shows minutes, hours, days, months and years.
import { LINK_REL } from "../../lib/sanitize.ts";
import type { Category } from "./categories.ts";
import type { BannerOptions, PaletteName, PortraitOptions } from "./seed-images.ts";

export interface AuthorSeed {
  username: string;
  name: string;
  palette: PaletteName;
  hair: PortraitOptions["hair"];
}

/**
 * The writers. They are ordinary user rows (username, name, a portrait, a verified address under the
 * reserved .invalid domain) with no password and no account row, so nobody can sign in as them; they
 * exist to be the authors of the seeded posts and comments.
 */
export const BLOG_AUTHORS: readonly AuthorSeed[] = [
  { username: "amaka", name: "Amaka Eze", palette: "blue", hair: 2 },
  { username: "kunle", name: "Kunle Adeyemi", palette: "teal", hair: 3 },
  { username: "chioma", name: "Chioma Obi", palette: "purple", hair: 1 },
  { username: "segun", name: "Segun Balogun", palette: "amber", hair: 0 },
  { username: "folake", name: "Folake Ojo", palette: "green", hair: 2 },
];

export const AUTHOR_EMAIL_DOMAIN = "authors.techafrica.invalid";

export type AuthorName = "amaka" | "kunle" | "chioma" | "segun" | "folake";

export interface PostSeed {
  title: string;
  desc: string;
  author: AuthorName;
  categories: Category[];
  /** minutes before the seed's clock */
  ageMinutes: number;
  featured?: boolean;
  /** the cover banner; none for the few posts without a picture */
  cover?: Pick<BannerOptions, "label" | "motif" | "palette">;
  /** an illustration inside the body, put where the body says {{figure}} */
  figure?: Pick<BannerOptions, "title" | "label" | "motif" | "palette">;
  visits: number;
  body: string;
  comments: Array<[AuthorName, string]>;
}

const MIN = 1;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const p = (text: string) => `<p>${text}</p>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const h3 = (text: string) => `<h3>${text}</h3>`;
const ul = (items: string[]) => `<ul>${items.map((i) => `<li><p>${i}</p></li>`).join("")}</ul>`;
const ol = (items: string[]) => `<ol>${items.map((i) => `<li><p>${i}</p></li>`).join("")}</ol>`;
const hr = () => "<hr />";
const quote = (text: string) => `<blockquote><p>${text}</p></blockquote>`;
const code = (lang: string, text: string) => `<pre><code class="language-${lang}">${text}</code></pre>`;
/** a link on this site */
const link = (href: string, text: string) => `<a href="${href}" rel="${LINK_REL}">${text}</a>`;
/** a link elsewhere, opened in a new tab */
const ext = (href: string, text: string) => `<a href="${href}" target="_blank" rel="${LINK_REL}">${text}</a>`;
/** a YouTube player; `title` names the frame for screen readers */
const youtube = (id: string, title: string) =>
  `<div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/${id}" allowfullscreen frameborder="0" title="${title}"></iframe></div>`;
const FIGURE = "{{figure}}";
const body = (...parts: string[]) => parts.join("");

export const BLOG_POSTS: readonly PostSeed[] = [
  {
    title: "How to Learn to Code on a Budget Smartphone",
    desc: "No laptop yet? You can still write real code, run it and save your work on a phone that costs less than ₦100,000. Here is the setup our learners use.",
    author: "amaka",
    categories: ["Coding"],
    ageMinutes: 12 * MIN,
    featured: true,
    cover: { label: "Code on your phone", motif: "mobile", palette: "blue" },
    visits: 41,
    body: body(
      p(
        "A laptop makes programming easier, but it is not the entry ticket. Many of our strongest learners wrote their first hundred lines of JavaScript on an Android phone on the BRT, and only bought a laptop once they had a paid gig.",
      ),
      h2("What you need"),
      ul([
        "An Android phone with at least 3 GB of RAM and 10 GB free",
        "A free code editor app such as Acode, plus a browser for previewing",
        "A Bluetooth keyboard if you can find a used one at Computer Village (about ₦8,000)",
        "A free GitHub account so your work is backed up",
      ]),
      h2("A routine that works"),
      ol([
        "Watch the lesson on Wi-Fi and download the notes for offline reading.",
        "Type every example yourself. Copy and paste teaches your thumbs nothing.",
        "Push your code to GitHub at the end of each session, even when it is broken.",
      ]),
      p(
        `Start with HTML and CSS, because you see the result immediately. When you are ready for more, our ${link("/courses", "Full-Stack Web Development course")} runs fully in the browser for the first four weeks.`,
      ),
    ),
    comments: [
      ["folake", "Sharing this with my cousin who keeps saying he must wait for a laptop first."],
      ["segun", "The Bluetooth keyboard tip is gold. Typing braces on a phone keyboard is pain."],
    ],
  },
  {
    title: "Phishing Season: Spotting Fake Bank Alerts Before You Click",
    desc: "Fake debit alerts and 'your BVN is blocked' messages are everywhere this month. Six signs that a text or e-mail is a trap, and what to do if you clicked.",
    author: "kunle",
    categories: ["Cybersecurity"],
    ageMinutes: 3 * HOUR,
    featured: true,
    cover: { label: "Spot the phish", motif: "security", palette: "teal" },
    visits: 320,
    body: body(
      p(
        "Every December the same scams come back: a text that says your account will be blocked unless you 'update your BVN', or an e-mail that looks exactly like your bank's, asking you to confirm a transfer you never made.",
      ),
      h2("Six warning signs"),
      ol([
        "<strong>Urgency.</strong> Your bank will not close your account in 30 minutes.",
        "<strong>A link to log in.</strong> Banks tell you to open the app, not to tap a link.",
        "<strong>A sender address that is almost right</strong>, such as a letter swapped or an extra word.",
        "<strong>Requests for your PIN, OTP or full card number.</strong> Nobody legitimate asks for these.",
        "<strong>Spelling and odd grammar</strong> in a message that claims to be official.",
        "<strong>A phone number in the message</strong> instead of the one on the back of your card.",
      ]),
      h2("If you already clicked"),
      p(
        "Call your bank on the number printed on your card, change your internet banking password from a device you trust and turn on two-factor authentication. Then tell your friends: scammers reuse the same message for weeks.",
      ),
      quote("The safest link is the one you type yourself."),
    ),
    comments: [
      ["amaka", "My mum got the BVN one last week. Forwarding this to the family group now."],
      ["chioma", "The 'almost right' sender address trick fooled me once. Never again."],
      ["folake", "Could you do a follow-up on WhatsApp account takeovers?"],
      ["kunle", "@folake yes, that one is next on my list."],
    ],
  },
  {
    title: "10 Graphic Design Tips for Small Businesses in Lagos",
    desc: "Your flyer competes with a hundred others on every wall and WhatsApp status. Ten design tips that make small-business graphics look professional on a tight budget.",
    author: "chioma",
    categories: ["Graphic Design"],
    ageMinutes: 9 * HOUR,
    cover: { label: "10 design tips", motif: "design", palette: "purple" },
    visits: 212,
    body: body(
      p(
        "Most of the design work I see from small businesses in Lagos has the same problems: too many fonts, too many colours and a phone number nobody can read. These tips fix most of it.",
      ),
      h2("The tips"),
      ol([
        "Pick two fonts and stick to them everywhere.",
        "Choose one main colour and one accent. Write the hex codes down.",
        "Make the most important thing the biggest thing.",
        "Leave empty space. Crowded designs look cheap.",
        "Test your WhatsApp status design on a small, cheap phone.",
        "Put your phone number in large, plain digits.",
        "Use real photos of your products, taken in daylight.",
        "Keep your logo simple enough to work in one colour.",
        "Save a template so every post looks like it comes from the same business.",
        "Export PNG for graphics with text, JPEG for photos.",
      ]),
      p(
        `Good design is a habit more than a talent. If you want to go deeper, our ${link("/courses", "Brand Identity and Graphic Design course")} walks you through a full brand kit.`,
      ),
    ),
    comments: [
      ["segun", "Number 4 is the one everybody ignores."],
      ["folake", "Printed this for the tailors in my street. Thank you!"],
      ["amaka", "Testing on a cheap phone is such a good point. Small text disappears."],
    ],
  },
  {
    title: "Editing Your First YouTube Video in CapCut, Step by Step",
    desc: "From a folder of phone clips to a finished ten-minute video: import, rough cut, captions, music and export settings that look sharp without eating your data.",
    author: "segun",
    categories: ["Video editing"],
    ageMinutes: 20 * HOUR,
    cover: { label: "Your first edit", motif: "video", palette: "amber" },
    visits: 145,
    body: body(
      p(
        "CapCut is free, runs on most phones and laptops and is good enough for a serious YouTube channel. Here is the order I teach in our phone video class.",
      ),
      h2("1. Organise before you edit"),
      p(
        "Put all clips for the video in one album and delete the obvious mistakes. Ten minutes here saves an hour later.",
      ),
      h2("2. Rough cut"),
      p(
        "Drop everything on the timeline in story order and cut out the silences. Do not add effects yet. Watch it once from start to end.",
      ),
      h2("3. Captions and music"),
      ul([
        "Use auto captions, then correct names and Pidgin words by hand.",
        "Keep music at about 20 percent under speech.",
        "Use music from the app's own library to avoid copyright claims.",
      ]),
      h2("4. Export"),
      p(
        "Export 1080p at 30 frames per second. 4K looks nice on paper but takes three times the upload data, and most viewers watch on phones.",
      ),
    ),
    comments: [
      ["chioma", "The 20 percent music rule is exactly what I needed."],
      ["amaka", "Would love a version of this for laptops too."],
    ],
  },
  {
    title: "From Market Trader to Junior Developer: Bisi's Story",
    desc: "Bisi sold shoes at Yaba market for six years. Fourteen months after her first HTML lesson, she shipped code to production at a Lagos fintech. This is how she did it.",
    author: "folake",
    categories: ["Coding"],
    ageMinutes: 2 * DAY + 5 * HOUR,
    featured: true,
    cover: { label: "Bisi's story", motif: "community", palette: "green" },
    visits: 890,
    body: body(
      p(
        "Bisi did not plan to become a developer. She wanted a website for her shoe stall, could not afford to pay for one, and decided to learn enough to build it herself.",
      ),
      quote(
        "The first month I understood nothing. The second month I understood why I understood nothing. After that it got better.",
      ),
      h2("Her routine"),
      ul([
        "Two hours every morning before opening the stall",
        "Lessons downloaded on the office Wi-Fi of a friend",
        "Weekly live sessions with her mentor on Thursday evenings",
      ]),
      h2("The turning point"),
      p(
        "Her shoe shop website became her portfolio. Recruiters liked that it was a real project with real customers, not a tutorial copy. After three interviews she joined a fintech in Lekki as a junior front-end developer.",
      ),
      p(`Her advice to anyone starting: "Build something you need. You will not give up on it."`),
    ),
    comments: [
      ["amaka", "I remember Bisi from the Thursday sessions. She never missed one."],
      ["kunle", "Real project, real customers. That is the portfolio advice in one sentence."],
      ["chioma", "This made my morning."],
      ["segun", "We should film her story for the showcase."],
      ["folake", "@segun she has agreed! Coming soon."],
    ],
  },
  {
    title: "Why Every Designer Should Learn a Little HTML and CSS",
    desc: "You do not need to become a developer, but knowing how a web page is built makes your designs easier to build, cheaper to change and better on phones.",
    author: "chioma",
    categories: ["Graphic Design", "Coding"],
    ageMinutes: 4 * DAY,
    cover: { label: "Designers who code", motif: "code", palette: "purple" },
    visits: 96,
    body: body(
      p(
        "The most common complaint I hear from developers about designers is that designs ignore how the web works. A little HTML and CSS fixes that, and you can learn the useful part in a month.",
      ),
      h2("What to learn"),
      ul([
        "How boxes stack: the box model, margins and padding",
        "Flexbox, because almost every layout uses it",
        "Relative units like <code>rem</code> and percentages",
        "How fonts load, and why ten weights slow a page down",
      ]),
      h2("A tiny example"),
      code("css", ".card {\n  display: flex;\n  gap: 1rem;\n  padding: 1.5rem;\n}"),
      p(
        `Once you see how little code a clean layout needs, you start designing layouts that are clean to build. Have a look at our ${link("/posts?cat=Coding", "coding posts")} for more beginner guides.`,
      ),
    ),
    comments: [["amaka", "As a developer: yes please, all designers, read this."]],
  },
  {
    title: "Two-Factor Authentication: Set It Up Today on the Apps You Use",
    desc: "Passwords leak. Two-factor authentication stops most account takeovers. A fifteen-minute walk-through for WhatsApp, Gmail, Instagram and your bank app.",
    author: "kunle",
    categories: ["Cybersecurity"],
    ageMinutes: 6 * DAY + 3 * HOUR,
    visits: 174,
    body: body(
      p(
        "If you do one thing for your security this week, turn on two-factor authentication (2FA). It means a stolen password alone is not enough to get into your account.",
      ),
      h2("Where to turn it on"),
      ul([
        "<strong>WhatsApp:</strong> Settings, Account, Two-step verification. Choose a PIN you do not use anywhere else.",
        "<strong>Gmail:</strong> Google Account, Security, 2-Step Verification.",
        "<strong>Instagram and Facebook:</strong> Accounts Centre, Password and security.",
        "<strong>Your bank:</strong> most apps already use a token or OTP. Make sure your phone number with the bank is current.",
      ]),
      h2("SMS or an authenticator app?"),
      p(
        "An authenticator app is safer than SMS, because SIM swaps happen. But SMS 2FA is still far better than none. Start with whatever you can set up today.",
      ),
    ),
    comments: [
      ["segun", "Did WhatsApp and Gmail while reading. Took five minutes."],
      ["folake", "What happens if I lose my phone with the authenticator app?"],
      ["kunle", "@folake save the backup codes when you set it up, and keep them somewhere offline."],
    ],
  },
  {
    title: "Understanding the JavaScript Event Loop (With a Talk Worth Watching)",
    desc: "Why does setTimeout with zero delay not run straight away? The event loop explained in plain words, plus the best 26-minute talk on the subject.",
    author: "amaka",
    categories: ["Coding"],
    ageMinutes: 10 * DAY,
    cover: { label: "The event loop", motif: "code", palette: "blue" },
    visits: 233,
    body: body(
      p(
        "Sooner or later every JavaScript learner hits code that runs in a surprising order. The reason is the event loop: JavaScript does one thing at a time, and everything that has to wait goes into a queue.",
      ),
      h2("A small puzzle"),
      code(
        "js",
        'console.log("one");\nsetTimeout(() =&gt; console.log("two"), 0);\nconsole.log("three");\n// one, three, two',
      ),
      p(
        "The timer callback waits in the queue until the current code has finished, even with a delay of zero. Promises use a separate, faster queue, which is why <code>.then</code> callbacks run before timers.",
      ),
      h2("Watch this"),
      p("Philip Roberts explains it better than any blog post can, with animations you will remember:"),
      youtube("8aGhZQkoFbQ", "What the heck is the event loop anyway? (Philip Roberts, video)"),
      p(
        `After watching, try the puzzle again with a <code>Promise.resolve().then(...)</code> line added. Share your answer in the comments.`,
      ),
    ),
    comments: [
      ["kunle", "One, three, then the promise, then two. Did I pass?"],
      ["amaka", "@kunle full marks."],
      ["chioma", "That talk is the first time the event loop made sense to me."],
    ],
  },
  {
    title: "Colour Grading on a Mid-Range Laptop: Settings That Actually Help",
    desc: "DaVinci Resolve stutters on your laptop? Proxy media, the right timeline resolution and a simple node order make grading smooth on 8 GB of RAM.",
    author: "segun",
    categories: ["Video editing"],
    ageMinutes: 17 * DAY,
    cover: { label: "Grading on a budget", motif: "video", palette: "teal" },
    visits: 88,
    body: body(
      p(
        "You do not need a gaming PC to grade footage. I grade client work on a laptop with 8 GB of RAM and integrated graphics, and these settings are the reason it works.",
      ),
      h2("Settings"),
      ul([
        "Generate <strong>proxy media</strong> at half resolution before you start.",
        "Set the timeline to 1080p even if you shot 4K. Switch to 4K only for the final render.",
        "Turn off <em>Show all video frames</em> in playback settings.",
        "Close your browser. Chrome tabs eat the RAM Resolve needs.",
      ]),
      h2("A simple node order"),
      ol(["Exposure and white balance", "Contrast", "Saturation", "The look (a LUT or your own curve)"]),
      p("Grade the correction first and the style last. If you do it the other way round, every shot looks different."),
    ),
    comments: [],
  },
  {
    title: "How to Price Your First Freelance Design Job in Naira",
    desc: "Charging ₦5,000 for a logo hurts you and the industry. A simple way to work out a fair price, explain it to clients and stop undercharging.",
    author: "folake",
    categories: ["Graphic Design"],
    ageMinutes: 25 * DAY,
    featured: true,
    cover: { label: "Price your work", motif: "data", palette: "green" },
    visits: 610,
    body: body(
      p(
        "Almost every new freelancer undercharges. The fix is not confidence, it is arithmetic: know what an hour of your time costs and price the job from there.",
      ),
      h2("Work out your hourly floor"),
      ol([
        "Add up your monthly costs: data, power, transport, software, rent share.",
        "Add what you want to earn on top.",
        "Divide by the hours you can really bill, which is usually about 80 a month, not 160.",
      ]),
      p(
        "If your costs and target come to ₦240,000 a month and you can bill 80 hours, your floor is ₦3,000 an hour. A logo with research, three concepts and two rounds of changes is easily 15 hours: ₦45,000, not ₦5,000.",
      ),
      h2("Talk about value, not hours"),
      p(
        "Clients do not buy hours. They buy a shop sign that brings customers. Show examples of your past work and explain what the client gets at the end.",
      ),
      p(`Questions about freelancing? ${link("/contact", "Send us a message")} and we may answer it in a future post.`),
    ),
    comments: [
      ["chioma", "The 80 billable hours point is so real. Admin eats the rest."],
      ["segun", "Same maths works for video editing. Sharing with my class."],
      ["amaka", "Bookmarking this for every time someone asks me for a 'small website'."],
      ["kunle", "Security consultants undercharge too. Great post."],
      ["folake", "Thank you all! Part two on writing a simple contract is coming."],
      ["chioma", "Waiting for part two."],
    ],
  },
  {
    title: "Build a Portfolio Website in a Weekend",
    desc: "A one-page portfolio with your best three projects beats a fancy site you never finish. The plan, the structure and free hosting, from Friday night to Sunday.",
    author: "amaka",
    categories: ["Coding", "Graphic Design"],
    ageMinutes: 40 * DAY,
    cover: { label: "Weekend portfolio", motif: "code", palette: "teal" },
    figure: {
      title: "Sketch of a one-page portfolio: header, three project cards and a contact section",
      label: "One page, three projects",
      motif: "design",
      palette: "teal",
    },
    visits: 402,
    body: body(
      p(
        "Recruiters spend about a minute on your portfolio. Give them three strong projects on one fast page, and make it easy to contact you.",
      ),
      FIGURE,
      h2("Friday: plan"),
      ul([
        "Choose your three best projects. Quality beats quantity.",
        "Write two sentences for each: the problem and what you built.",
        "Take clean screenshots on a phone-sized screen.",
      ]),
      h2("Saturday: build"),
      p(
        "Use plain HTML and CSS. One page, three sections: who you are, your projects, how to reach you. Resist adding animations until everything else works.",
      ),
      h2("Sunday: publish"),
      p(
        `Host it for free on ${ext("https://pages.github.com/", "GitHub Pages")} and put the link on your CV and LinkedIn. Then ask two friends to open it on their phones and tell you what confused them.`,
      ),
    ),
    comments: [
      ["chioma", "The phone-sized screenshots tip is underrated."],
      ["folake", "Did this last weekend, got an interview on Wednesday!"],
    ],
  },
  {
    title: "Staying Safe on Public Wi-Fi at Cafés and Co-working Spaces",
    desc: "Free Wi-Fi is a lifesaver when your data runs out, and a gift to anyone snooping on the same network. Simple habits that keep your accounts safe.",
    author: "kunle",
    categories: ["Cybersecurity"],
    ageMinutes: 55 * DAY,
    cover: { label: "Public Wi-Fi", motif: "security", palette: "blue" },
    visits: 130,
    body: body(
      p(
        "Co-working spaces in Yaba and Lekki are full of learners saving data on free Wi-Fi. That is smart. Doing your banking on the same network without thinking is not.",
      ),
      h2("Habits that help"),
      ul([
        "Check the exact network name with staff. 'Cafe_Free_WiFi' might not be theirs.",
        "Only log in to sites that show the padlock and start with https.",
        "Turn off file sharing and automatic connection to open networks.",
        "Do banking on mobile data, not on shared Wi-Fi.",
        "Keep your phone and laptop updated. Most attacks use old holes.",
      ]),
      h3("What about VPNs?"),
      p(
        "A trustworthy VPN adds protection on networks you do not control, but free VPN apps often sell your data. If you cannot pay for a good one, the habits above matter more.",
      ),
    ),
    comments: [["amaka", "Turning off auto-connect right now."]],
  },
  {
    title: "Typography Basics: Pairing Fonts for Posters and Flyers",
    desc: "Serif or sans? Bold or light? A short guide to choosing two fonts that work together for event posters, church flyers and business cards.",
    author: "chioma",
    categories: ["Graphic Design"],
    ageMinutes: 70 * DAY,
    cover: { label: "Font pairing", motif: "design", palette: "amber" },
    figure: {
      title: "A poster layout with a bold headline font and a simple body font",
      label: "Headline + body",
      motif: "gallery",
      palette: "amber",
    },
    visits: 77,
    body: body(
      p(
        "Most posters need exactly two fonts: one with personality for the headline and one that is easy to read for everything else.",
      ),
      h2("Three safe pairings"),
      ul([
        "A bold geometric sans headline with a simple serif body",
        "A condensed display font with a neutral sans body",
        "One family in two weights, for example extra bold and regular",
      ]),
      FIGURE,
      h2("Rules I never break"),
      ol([
        "Never more than two families on one design.",
        "Body text at least 10 points on print, 16 pixels on screens.",
        "Check the font licence before using it for a client.",
      ]),
      p(
        `Free fonts with clear licences are on ${ext("https://fonts.google.com/", "Google Fonts")}. Try pairing two of them on a poster for your next church or community event.`,
      ),
    ),
    comments: [
      ["segun", "The licence point saved me from a client dispute once."],
      ["folake", "Is Comic Sans ever okay? Asking for a friend."],
      ["chioma", "@folake for a children's party flyer, maybe. Maybe."],
    ],
  },
  {
    title: "Shooting Better Interviews With Only Your Phone",
    desc: "Framing, light and sound for talking-head interviews shot on a phone. The three cheap accessories that make the biggest difference.",
    author: "segun",
    categories: ["Video editing"],
    ageMinutes: 95 * DAY,
    cover: { label: "Phone interviews", motif: "mobile", palette: "amber" },
    visits: 119,
    body: body(
      p(
        "Interviews are the backbone of documentaries, church media and brand videos. A recent phone is enough if you control light and sound.",
      ),
      h2("Framing"),
      p(
        "Place the person a third of the way across the frame, looking slightly towards the empty side. Eyes about a third from the top.",
      ),
      h2("Light"),
      p(
        "Face a window, never sit with a window behind. If you shoot at night, one cheap LED panel bounced off a white wall beats three lamps pointing straight at the face.",
      ),
      h2("The three accessories"),
      ol([
        "A clip-on lavalier microphone (about ₦10,000)",
        "A small tripod with a phone clamp",
        "A power bank, because interviews always run long",
      ]),
    ),
    comments: [
      ["chioma", "Never sit with a window behind. I learnt this the hard way."],
      ["kunle", "Power bank advice applies to everything in Lagos."],
    ],
  },
  {
    title: "Study Habits That Work When Power Cuts Are Part of the Week",
    desc: "Learning online with unreliable power and data is hard but not impossible. Routines from learners who finished their courses anyway.",
    author: "folake",
    categories: [],
    ageMinutes: 120 * DAY,
    visits: 265,
    body: body(
      p(
        "We asked learners who finished a course while dealing with power cuts, expensive data and full-time jobs what actually helped. Their answers were surprisingly similar.",
      ),
      h2("What they do"),
      ul([
        "Download lessons whenever there is light and Wi-Fi, and watch them offline later.",
        "Keep a paper notebook. It never runs out of battery.",
        "Study at the same time every day, even if only for thirty minutes.",
        "Join the live sessions from a phone if the laptop is dead.",
        "Tell someone their goal, so there is someone to disappoint.",
      ]),
      quote("I stopped waiting for perfect conditions. Thirty minutes on a bad day still counts."),
      p(
        `If you are stuck, our tutors are there to help. ${link("/contact", "Get in touch")} and tell us what is in the way.`,
      ),
    ),
    comments: [
      ["amaka", "The paper notebook is my secret weapon too."],
      ["segun", "Thirty minutes on a bad day still counts. Writing that on my wall."],
      ["kunle", "Good reminder for those of us who teach: record every session."],
    ],
  },
  {
    title: "Git for Beginners: The Ten Commands You Will Use Every Day",
    desc: "Git looks scary because it has hundreds of commands. You need about ten. What they do, in the order you will meet them.",
    author: "amaka",
    categories: ["Coding"],
    ageMinutes: 150 * DAY,
    featured: true,
    cover: { label: "Git in ten commands", motif: "code", palette: "green" },
    visits: 1020,
    body: body(
      p(
        "Git remembers every version of your code so you can experiment without fear. You will use these ten commands almost every day.",
      ),
      code(
        "bash",
        'git init\ngit clone &lt;url&gt;\ngit status\ngit add .\ngit commit -m "Add contact form"\ngit push\ngit pull\ngit branch feature-x\ngit switch feature-x\ngit log --oneline',
      ),
      h2("The habit that matters most"),
      p(
        "Commit small and often, with messages that say what changed. 'Fix bug' helps nobody; 'Fix price rounding on checkout' helps future you.",
      ),
      h2("When things go wrong"),
      p(
        `Do not panic and do not delete the folder. Run <code>git status</code>, read what it says and ask for help in our live sessions. For a deeper reference, the free ${ext("https://git-scm.com/book/en/v2", "Pro Git book")} is excellent.`,
      ),
    ),
    comments: [
      ["kunle", "git status is the answer to half of all questions."],
      ["chioma", "Printed the list and taped it next to my screen."],
      ["segun", "Can designers use Git for design files too?"],
      ["amaka", "@segun yes, though big binary files need Git LFS. Post coming."],
    ],
  },
  {
    title: "What a Penetration Tester Actually Does All Day",
    desc: "Less hoodie, more report writing. A realistic week in the life of a penetration tester at a Lagos security firm, and the skills that matter.",
    author: "kunle",
    categories: ["Cybersecurity"],
    ageMinutes: 185 * DAY,
    cover: { label: "A pentester's week", motif: "security", palette: "purple" },
    visits: 540,
    body: body(
      p(
        "Films show hackers typing fast in dark rooms. Real penetration testing is careful, permitted work for clients, and a lot of it is writing.",
      ),
      h2("A typical week"),
      ul([
        "<strong>Monday:</strong> scoping call with a client, agreeing what may and may not be tested",
        "<strong>Tuesday to Thursday:</strong> testing a web app and its API, taking notes on everything",
        "<strong>Friday:</strong> writing the report, with clear steps to fix each finding",
      ]),
      h2("Skills that matter"),
      ol([
        "Networking and Linux fundamentals",
        "How web apps work: HTTP, cookies, sessions",
        "Clear writing for non-technical managers",
        "Ethics: only ever test with written permission",
      ]),
      p(
        `Curious? Start with the ${ext("https://owasp.org/www-project-top-ten/", "OWASP Top Ten")}, then practise in legal labs and capture-the-flag games.`,
      ),
    ),
    comments: [
      ["amaka", "The Friday report writing part surprised me."],
      ["folake", "Sharing with our cybersecurity cohort."],
    ],
  },
  {
    title: "Designing a Logo: From Brief to Final Files",
    desc: "The process I use for every logo project: a short brief, research, sketches, three concepts, feedback and a tidy file package the client can actually use.",
    author: "chioma",
    categories: ["Graphic Design"],
    ageMinutes: 220 * DAY,
    cover: { label: "Logo process", motif: "design", palette: "blue" },
    visits: 301,
    body: body(
      h2("1. The brief"),
      p(
        "Ask who the customers are, what the business should feel like and where the logo will appear: shop sign, Instagram, receipts.",
      ),
      h2("2. Research and sketches"),
      p(
        "Look at competitors, then close the laptop and sketch at least twenty ideas on paper. Most will be bad. That is the point.",
      ),
      h2("3. Three concepts"),
      p(
        "Develop three different directions in black and white first. Colour comes later; a good logo works without it.",
      ),
      h2("4. The file package"),
      ul([
        "SVG and PDF for printing",
        "PNG with a transparent background for everyday use",
        "A one-colour version and a small square icon",
        "A one-page guide with colours and fonts",
      ]),
    ),
    comments: [
      ["segun", "Black and white first is a great rule."],
      ["kunle", "Clients always forget the small square icon until they need a favicon."],
      ["amaka", "As the developer who receives these files: thank you for the SVG."],
    ],
  },
  {
    title: "Motion Graphics for Social Media: Five Quick Wins",
    desc: "Small animations make posts stop the scroll. Five motion graphics tricks you can learn in an afternoon in After Effects or CapCut.",
    author: "segun",
    categories: ["Video editing", "Graphic Design"],
    ageMinutes: 260 * DAY,
    cover: { label: "Motion quick wins", motif: "gallery", palette: "purple" },
    visits: 158,
    body: body(
      ol([
        "<strong>Animated captions</strong> that pop in word by word",
        "<strong>A logo sting</strong> of two seconds at the end of every video",
        "<strong>Lower thirds</strong> with a name and title for speakers",
        "<strong>Progress bars</strong> for tutorials, so viewers know how long is left",
        "<strong>Easing</strong> on every movement; linear motion looks robotic",
      ]),
      p(
        "Keep animations short and consistent. A brand that uses the same two or three moves everywhere looks more professional than one that uses every preset.",
      ),
    ),
    comments: [],
  },
  {
    title: "Learn JavaScript From Scratch: A Free Full Course We Recommend",
    desc: "Before you pay for any course, including ours, try this free beginner course. How to get the most from it, and what to build afterwards.",
    author: "amaka",
    categories: ["Coding"],
    ageMinutes: 300 * DAY,
    featured: true,
    cover: { label: "Free JavaScript course", motif: "learn", palette: "blue" },
    visits: 760,
    body: body(
      p(
        "We often get asked whether coding is for you. The honest answer: try it before spending money. This free course from freeCodeCamp covers the basics in a few evenings.",
      ),
      youtube("PkZNo7MFNFg", "Learn JavaScript: full course for beginners (freeCodeCamp, video)"),
      h2("How to get the most from it"),
      ul([
        "Download it on Wi-Fi if your data plan is small.",
        "Pause and type every example. Do not just watch.",
        "Write down one question per section and bring them to a live session.",
      ]),
      h2("What to build afterwards"),
      p(
        `A tip calculator, a to-do list and a quiz game. If you enjoyed it and want structure and a mentor, that is when our ${link("/courses", "courses")} make sense.`,
      ),
    ),
    comments: [
      ["folake", "Love that we recommend free resources first."],
      ["kunle", "Did this course years ago. Still holds up."],
      ["chioma", "Starting this weekend!"],
      ["segun", "The quiz game idea is fun. My nephew wants to try."],
    ],
  },
  {
    title: "Password Managers Explained for Non-Techies",
    desc: "Remembering thirty passwords is impossible, so people reuse one. A password manager fixes that. What it is, whether it is safe, and how to start.",
    author: "kunle",
    categories: ["Cybersecurity"],
    ageMinutes: 340 * DAY,
    visits: 205,
    body: body(
      p(
        "Reusing one password everywhere means one leaked website unlocks all your accounts. A password manager remembers a different strong password for every site, so you only remember one.",
      ),
      h2("Is it safe to keep all passwords in one place?"),
      p(
        "A good password manager encrypts everything with your main password, which it never knows. It is far safer than the same password on thirty sites, or a notebook that anyone can read.",
      ),
      h2("Getting started"),
      ol([
        "Pick a well-known manager; several have free plans.",
        "Create one long main password, a sentence you can remember.",
        "Turn on two-factor authentication for the manager itself.",
        "Change your e-mail and bank passwords first, then the rest over time.",
      ]),
    ),
    comments: [["folake", "Finally an explanation I can send to my parents."]],
  },
  {
    title: "Getting Your First Tech Job Without a Degree",
    desc: "Employers in Lagos and beyond increasingly hire on skills. What to show instead of a certificate, and where the first jobs really come from.",
    author: "folake",
    categories: ["Coding"],
    ageMinutes: 380 * DAY,
    cover: { label: "No degree, no problem", motif: "community", palette: "teal" },
    visits: 980,
    body: body(
      p(
        "Many of our graduates got their first job without a university degree in the field. Here is what made the difference, according to them and to the employers who hired them.",
      ),
      h2("Show, do not tell"),
      ul([
        "Three finished projects that solve real problems",
        "A GitHub profile or design portfolio that shows steady work",
        "A short write-up of what you learnt from each project",
      ]),
      h2("Where first jobs come from"),
      p(
        "Rarely from job boards. Most come from people: mentors, classmates, meetups, open-source contributions and freelance clients who refer you on.",
      ),
      p(`Come and meet employers at our next ${link("/showcase", "talent showcase")}.`),
    ),
    comments: [
      ["amaka", "People, not job boards. So true."],
      ["kunle", "I hired our last intern from a meetup."],
      ["chioma", "Shared with the design cohort."],
      ["segun", "Same in video: every client I have came from a referral."],
    ],
  },
  {
    title: "Figma Auto Layout in Ten Minutes",
    desc: "Stop moving boxes by hand. Auto Layout makes buttons, cards and lists that resize themselves, and it is how developers think about layout too.",
    author: "chioma",
    categories: ["Graphic Design"],
    ageMinutes: 420 * DAY,
    cover: { label: "Auto Layout", motif: "mobile", palette: "purple" },
    visits: 187,
    body: body(
      p(
        "Auto Layout is the single Figma feature that saves me the most time. Learn it on a button, then use it everywhere.",
      ),
      h2("Make a button"),
      ol([
        "Type the button text.",
        "Select it and press Shift + A.",
        "Set horizontal padding to 24 and vertical padding to 12.",
        "Change the text: the button grows with it.",
      ]),
      h2("Then a card"),
      p(
        "Put an image, a title and a description in a vertical Auto Layout with a gap of 12. Now add a button inside. Everything stays aligned when the text changes.",
      ),
      p("Bonus: developers will thank you, because Auto Layout maps almost directly to CSS flexbox."),
    ),
    comments: [
      ["amaka", "Confirming the bonus: it really is flexbox."],
      ["segun", "Shift + A changed my life."],
    ],
  },
  {
    title: "Sound Matters More Than Picture: Fixing Audio in DaVinci Resolve",
    desc: "Viewers forgive grainy video but not bad sound. The Fairlight steps I use on every project: noise reduction, levels and a simple voice chain.",
    author: "segun",
    categories: ["Video editing"],
    ageMinutes: 470 * DAY,
    cover: { label: "Fix your audio", motif: "video", palette: "blue" },
    figure: {
      title: "The voice chain: noise reduction, equaliser, compressor, limiter",
      label: "Voice chain",
      motif: "data",
      palette: "blue",
    },
    visits: 143,
    body: body(
      p(
        "Generators, traffic and ceiling fans are part of filming in Lagos. You cannot always avoid them, but you can clean most of them up.",
      ),
      h2("My voice chain"),
      FIGURE,
      ol([
        "Noise reduction: learn the noise from a quiet second of the clip.",
        "Equaliser: cut below 80 Hz to remove rumble.",
        "Compressor: even out loud and quiet words.",
        "Limiter: keep peaks below -1 dB.",
      ]),
      h2("Levels"),
      p("Aim for speech around -14 LUFS for YouTube and social media. Music should sit well underneath."),
    ),
    comments: [
      ["kunle", "Generators AND ceiling fans. You know your audience."],
      ["chioma", "-14 LUFS, noted."],
      ["folake", "Our event recordings need this badly."],
    ],
  },
  {
    title: "Python for Data Analysis: Cleaning Real Market Prices",
    desc: "Real data is messy. A pandas walk-through on cleaning a spreadsheet of food prices from Lagos markets: missing values, units and dates.",
    author: "amaka",
    categories: ["Coding"],
    ageMinutes: 520 * DAY,
    cover: { label: "Cleaning data", motif: "data", palette: "blue" },
    visits: 322,
    body: body(
      p(
        "Our data analysis learners practise on a spreadsheet of weekly food prices collected at markets across Lagos. It is messy in all the realistic ways.",
      ),
      h2("Typical problems"),
      ul([
        "Prices written as '₦1,200', '1200' and '1.2k' in the same column",
        "Units that change: per kilo, per paint bucket, per bag",
        "Empty cells when a trader was absent",
      ]),
      h2("A first clean-up"),
      code(
        "python",
        'import pandas as pd\n\ndf = pd.read_csv("prices.csv")\ndf["price"] = (\n    df["price"].str.replace("₦", "").str.replace(",", "")\n)\ndf["price"] = pd.to_numeric(df["price"], errors="coerce")\ndf = df.dropna(subset=["price"])',
      ),
      p(
        "Always keep the raw file unchanged, and write every cleaning step in code so that you can run it again next week.",
      ),
    ),
    comments: [
      ["kunle", "Per paint bucket. Only in Lagos."],
      ["folake", "Is the dataset available for non-students?"],
      ["amaka", "@folake we are preparing a public version."],
    ],
  },
  {
    title: "Securing a Small Business Website: A Checklist",
    desc: "Most small business sites are hacked through the same few holes. A checklist for owners and the developers they hire.",
    author: "kunle",
    categories: ["Cybersecurity", "Coding"],
    ageMinutes: 570 * DAY,
    cover: { label: "Website checklist", motif: "security", palette: "green" },
    visits: 276,
    body: body(
      h2("For the owner"),
      ul([
        "Know who has the passwords to your hosting and domain.",
        "Turn on two-factor authentication everywhere it is offered.",
        "Ask for a backup you can restore, and test it once.",
      ]),
      h2("For the developer"),
      ul([
        "Keep plugins and dependencies updated.",
        "Use HTTPS everywhere.",
        "Never trust user input: validate it and escape what you show.",
        "Store passwords hashed, never in plain text.",
      ]),
      p(
        `A good next read for developers is the ${ext("https://cheatsheetseries.owasp.org/", "OWASP Cheat Sheet Series")}.`,
      ),
    ),
    comments: [
      ["amaka", "'Escape what you show' should be tattooed on every developer."],
      ["chioma", "Sending the owner section to three of my clients."],
    ],
  },
  {
    title: "Storyboarding a 60-Second Brand Video",
    desc: "Sixty seconds is short. A storyboard keeps a brand video focused and stops expensive reshoots. A simple six-frame template.",
    author: "segun",
    categories: ["Video editing"],
    ageMinutes: 610 * DAY,
    visits: 64,
    body: body(
      p("Before a single shot, draw six boxes. Stick figures are fine. Each box is about ten seconds."),
      ol([
        "The problem your customer has",
        "The customer, looking frustrated",
        "Your product or service arrives",
        "It working, in real life",
        "The happy result",
        "Logo, call to action and contact details",
      ]),
      p(
        "Share the storyboard with the client before you shoot. Changing a drawing is free; changing a shoot day is not.",
      ),
    ),
    comments: [["chioma", "The six-box template is brilliant for design briefs too."]],
  },
  {
    title: "Accessible Design: Colour Contrast for Sunlight and Cheap Screens",
    desc: "Your beautiful pale-grey text disappears on a budget phone in the afternoon sun. How to check contrast and design for the screens people really use.",
    author: "chioma",
    categories: ["Graphic Design", "Coding"],
    ageMinutes: 650 * DAY,
    cover: { label: "Contrast matters", motif: "design", palette: "teal" },
    visits: 112,
    body: body(
      p(
        "Design on a high-end monitor and everything looks fine. Most of your users, however, read on small, dim screens, often outdoors.",
      ),
      h2("Check the numbers"),
      p(
        `The ${ext("https://www.w3.org/WAI/WCAG22/quickref/", "WCAG guidelines")} ask for a contrast ratio of at least 4.5:1 for normal text. Figma plugins and browser tools will measure it for you.`,
      ),
      h2("Test for real"),
      ul([
        "Open the design on the cheapest phone you can borrow.",
        "Walk outside and read it in the sun.",
        "Turn the screen brightness down to half.",
      ]),
      p("Good contrast helps everyone, not only people with low vision."),
    ),
    comments: [
      ["amaka", "We fixed our course cards after reading this."],
      ["segun", "Same applies to subtitles on video."],
    ],
  },
  {
    title: "Ransomware in Plain Words, and How Backups Save You",
    desc: "Ransomware locks your files and demands payment. What it is, how it gets in, and the boring backup habit that takes away its power.",
    author: "kunle",
    categories: ["Cybersecurity"],
    ageMinutes: 700 * DAY,
    cover: { label: "Ransomware", motif: "security", palette: "amber" },
    visits: 190,
    body: body(
      p(
        "Ransomware is software that encrypts your files and asks for money to unlock them. Schools, hospitals and small shops are all targets.",
      ),
      h2("How it gets in"),
      ul(["E-mail attachments that look like invoices", "Pirated software", "Old, unpatched systems"]),
      h2("The 3-2-1 backup rule"),
      p(
        "Keep <strong>3</strong> copies of important files, on <strong>2</strong> different kinds of storage, with <strong>1</strong> copy offline or off-site. If ransomware strikes, you restore instead of paying.",
      ),
      hr(),
      p("<em>Test your backups.</em> A backup you have never restored is only a hope."),
    ),
    comments: [
      ["folake", "A backup you have never restored is only a hope. Wow."],
      ["amaka", "Off to test mine now."],
      ["segun", "Video projects are huge; any tips for backing those up?"],
    ],
  },
  {
    title: "Welcome to the Academy Blog",
    desc: "Why we started this blog, what you will find here, and how you can write for it too.",
    author: "folake",
    categories: [],
    ageMinutes: 730 * DAY,
    cover: { label: "Welcome", motif: "learn", palette: "green" },
    visits: 350,
    body: body(
      p(
        "Welcome! This blog is where our instructors, mentors and learners share what they know about coding, graphic design, cybersecurity and video editing, written for people learning in Africa, on real devices and real data plans.",
      ),
      h2("What you will find"),
      ul([
        "Practical guides you can follow on a phone",
        "Stories from learners who changed careers",
        "Advice on freelancing, pricing and finding work",
      ]),
      h2("Write for us"),
      p(
        `Every signed-in member can write a post. Have something to share? ${link("/register", "Create a free account")} and start writing.`,
      ),
    ),
    comments: [
      ["amaka", "Excited to write here!"],
      ["kunle", "First comment on the blog. History."],
    ],
  },
];
