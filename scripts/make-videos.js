/**
 * npm run media:videos [-- [--force] [slug ...]]
 *
 * Turns every content/videos/<slug>.md that has `slides` into a short narrated slide video in
 * content/media/videos/: <slug>.mp4, a poster <slug>.jpg, captions <slug>.vtt and a sidecar <slug>.json
 * (source hash, duration, chapters, size). The career video hub's demo videos are written as text so
 * that they can be reviewed, corrected and kept in step with the rules they describe; this script is
 * what makes that text watchable, so editing a narration and re-running it is all a fix takes.
 *
 * Why it is built the way it is:
 * - Each sentence is spoken on its own by espeak-ng and its length read from the WAV header, so the
 *   captions' times are the audio's real times and the captions' words are the narration's own words:
 *   nothing is transcribed, so nothing can drift from what the voice says.
 * - Slide changes fall on frame boundaries and are forced keyframes, and there is a keyframe every
 *   2 s, so chapter links and seeking land exactly; a low frame rate and `-tune stillimage` keep the
 *   files small, because the picture only changes when the slide does.
 * - The sidecar's `source` is the sha256 of JSON.stringify({ title, slides }) exactly as YAML parses
 *   them: the app's content sync recomputes it to tell stale media, and this script uses it to skip
 *   videos whose text has not changed (named slugs and --force are always remade).
 * - ffmpeg and espeak-ng are Debian packages, not npm ones: as root the script installs them itself,
 *   so a fresh machine only needs `npm ci`; otherwise it says what to install.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { parse } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIR = path.join(ROOT, "content", "videos");
const OUT_DIR = path.join(ROOT, "content", "media", "videos");
const FONTS = path.join(ROOT, "node_modules", "@expo-google-fonts", "noto-sans");

const W = 960,
  H = 540,
  FPS = 10,
  KEYFRAME_EVERY = 2;
const LEAD_IN = 0.5,
  SENTENCE_PAUSE = 0.3,
  SLIDE_PAUSE = 0.7,
  SLIDE_EARLY = 0.2,
  TAIL = 1.0;
const CUE_LINE = 42; // characters a caption line may hold; a cue has at most two lines
const COLOR = { bg: "#ffffff", title: "#111827", text: "#1f2937", muted: "#4b5563", brand: "#1d4ed8", rule: "#d1d5db" };
const TOPIC = {
  cv: "CVs",
  applications: "Applications",
  interviews: "Interviews",
  networking: "Networking",
  "job-search": "Job search",
  visas: "Visas",
  workplace: "Workplace",
};

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, {
    encoding: options.input === undefined ? "utf8" : undefined,
    maxBuffer: 64 << 20,
    ...options,
  });
  if (r.error) throw r.error;
  if (r.status !== 0)
    throw new Error(
      `${cmd} failed (${r.status}): ${String(r.stderr ?? "")
        .trim()
        .slice(-800)}`,
    );
  return r;
}

const missingTools = () =>
  [
    ["ffmpeg", "ffmpeg"],
    ["ffprobe", "ffmpeg"],
    ["espeak-ng", "espeak-ng"],
  ]
    .filter(([cmd]) => spawnSync(cmd, ["--version"], { stdio: "ignore" }).error?.code === "ENOENT")
    .map(([, pkg]) => pkg);

function ensureTools() {
  const packages = [...new Set(missingTools())];
  if (!packages.length) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `media:videos needs ${packages.join(" and ")} (Debian packages). Install them with:\n  sudo apt-get install -y ${packages.join(" ")}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${packages.join(" and ")} with apt-get (running as root)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => spawnSync("apt-get", ["install", "-y", ...packages], { stdio: "inherit", env }).status === 0;
  // Package lists on a fresh machine can be stale or empty; refresh them only when the plain install fails.
  if (!install() && spawnSync("apt-get", ["update"], { stdio: "inherit", env }).status === 0) install();
  if (missingTools().length) {
    console.error(`Could not install ${packages.join(" and ")}; install them with apt-get and run again.`);
    process.exit(1);
  }
}

/** The front matter is what lies between the first two lines that are exactly `---`, as the content sync reads it. */
function readFrontMatter(file) {
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
  const open = lines.indexOf("---");
  const close = open < 0 ? -1 : lines.indexOf("---", open + 1);
  if (close < 0) throw new Error("has no front matter between --- lines");
  return parse(lines.slice(open + 1, close).join("\n")) ?? {};
}

const sourceHash = (fm) =>
  createHash("sha256")
    .update(JSON.stringify({ title: fm.title, slides: fm.slides }))
    .digest("hex");

/** Sentences end at . ! ? (after any closing quote or bracket) followed by a space; "e.g." and the like do not end one. */
function sentences(text) {
  const parts = String(text)
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?…]["'”’)\]]*) (?=\S)/);
  const out = [];
  for (const part of parts) {
    if (out.length && /\b(?:e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|No)\.$/i.test(out.at(-1)))
      out[out.length - 1] += ` ${part}`;
    else out.push(part);
  }
  return out.filter(Boolean);
}

/** Greedy word wrap by a measure (characters for captions, pixels for slides); a word wider than the limit gets a line of its own. */
function wrap(text, limit, measure = (s) => s.length) {
  const lines = [];
  for (const word of String(text)
    .split(/[ \t\r\n]+/)
    .filter(Boolean)) {
    const line = lines.length ? `${lines.at(-1)} ${word}` : word;
    if (lines.length && measure(line) <= limit) lines[lines.length - 1] = line;
    else lines.push(word);
  }
  return lines;
}

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const ordinal = (d) => (d % 100 >= 11 && d % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][d % 10] ?? "th"));
/** What espeak-ng is given: it says "£41,700" as "pound forty-one thousand..." and "31 December" as "thirty-one December", so amounts, dates and occupation codes are spelled the way a person reads them. The captions keep the written form. */
const spoken = (sentence) =>
  sentence
    .replace(/£(\d[\d,]*)(?:\.(\d\d))?/g, (_, pounds, pence) => `${pounds} pounds${pence ? ` ${Number(pence)}` : ""}`)
    .replace(/\b(code) (\d{4})\b/gi, (_, word, code) => `${word} ${code.split("").join(" ")}`)
    .replace(new RegExp(`\\b(\\d{1,2}) (${MONTHS})\\b`, "g"), (_, d, month) => `${d}${ordinal(Number(d))} ${month}`);

/** A sentence as caption cues of at most two lines: as few cues as fit, cut near even lengths and after a comma where one is near. */
function cueTexts(sentence) {
  // A number stays with the word after it, and a date stays whole: "1 / January" reads badly across lines.
  const words = sentence
    .replace(new RegExp(`\\b(\\d{1,2}) (${MONTHS}) (\\d{4})\\b`, "g"), "$1\u00a0$2\u00a0$3")
    .replace(/(£?(?:\d[\d,.]*\d|\d)%?) (?=\S)/g, "$1\u00a0")
    .split(" ");
  const fits = (text) => wrap(text, CUE_LINE).length <= 2;
  const full = words.join(" ");
  let chunks = [full];
  for (let n = 2; !fits(chunks[0]) && n <= words.length; n++) {
    const target = full.length / n;
    let paths = new Map([[0, { cost: 0, cuts: [] }]]); // the best way to reach each word index with k cues
    for (let k = 1; k <= n; k++) {
      const next = new Map();
      for (const [from, best] of paths) {
        for (let to = from + 1; to <= words.length; to++) {
          const text = words.slice(from, to).join(" ");
          if (!fits(text)) break;
          if (k === n && to !== words.length) continue;
          const cost =
            best.cost +
            (text.length - target) ** 2 +
            (to < words.length && !/[,;:]$/.test(words[to - 1]) ? 4 * target : 0);
          if (!next.has(to) || next.get(to).cost > cost) next.set(to, { cost, cuts: [...best.cuts, to] });
        }
      }
      paths = next;
    }
    const best = paths.get(words.length);
    if (best) chunks = best.cuts.map((to, i) => words.slice(best.cuts[i - 1] ?? 0, to).join(" "));
  }
  // Two lines of similar length read faster than a full line and a stub.
  const lines = (text) => {
    if (text.length <= CUE_LINE) return [text];
    for (let width = Math.ceil(text.length / 2); width < CUE_LINE; width++)
      if (wrap(text, width).length <= 2) return wrap(text, width);
    return wrap(text, CUE_LINE);
  };
  return chunks.map((text) => lines(text).map((line) => line.replace(/\u00a0/g, " ")));
}

function readWav(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString("latin1", 0, 4) !== "RIFF" || buf.toString("latin1", 8, 12) !== "WAVE")
    throw new Error(`${file} is not a WAV file`);
  let fmt;
  for (let at = 12; at + 8 <= buf.length; ) {
    const id = buf.toString("latin1", at, at + 4),
      size = buf.readUInt32LE(at + 4),
      body = at + 8;
    if (id === "fmt ")
      fmt = {
        channels: buf.readUInt16LE(body + 2),
        rate: buf.readUInt32LE(body + 4),
        byteRate: buf.readUInt32LE(body + 8),
        bits: buf.readUInt16LE(body + 14),
      };
    // espeak-ng may leave a placeholder size when it writes a stream; what is in the file is what plays.
    if (id === "data" && fmt) return { ...fmt, pcm: buf.subarray(body, Math.min(buf.length, body + size)) };
    at = body + size + (size & 1);
  }
  throw new Error(`${file} has no audio data`);
}

function wavFile(pcm, rate) {
  const head = Buffer.alloc(44);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(36 + pcm.length, 4);
  head.write("WAVEfmt ", 8, "latin1");
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write("data", 36, "latin1");
  head.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([head, pcm]);
}

const escapeVtt = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
function stamp(seconds) {
  const ms = Math.round(seconds * 1000);
  const pad = (n, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

let fontsReady = false;
function registerFonts() {
  if (fontsReady) return;
  for (const [file, family] of [
    ["400Regular/NotoSans_400Regular.ttf", "SlideSans"],
    ["700Bold/NotoSans_700Bold.ttf", "SlideSansBold"],
  ]) {
    if (!GlobalFonts.registerFromPath(path.join(FONTS, file), family))
      throw new Error(`cannot load the font ${file} (is @expo-google-fonts/noto-sans installed?)`);
  }
  fontsReady = true;
}

/** One slide at 960×540. Text is wrapped to the width and the whole layout shrinks step by step until it fits. */
function drawSlide(fm, slide, index, count) {
  registerFonts();
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  const M = 64,
    maxWidth = W - 2 * M,
    top = 92,
    bottom = 462,
    indent = 30;
  ctx.fillStyle = COLOR.bg;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = COLOR.brand;
  ctx.fillRect(0, 0, W, 8);
  ctx.textBaseline = "alphabetic";
  ctx.font = "18px SlideSansBold";
  ctx.fillText(
    `${TOPIC[fm.topic] ?? "Career video hub"} · ${String(fm.level ?? "").replace(/^./, (c) => c.toUpperCase())}`,
    M,
    52,
  );

  const points = (slide.points ?? []).map(String);
  const lay = (scale) => {
    const titleSize = Math.round(46 * scale),
      pointSize = Math.round(30 * scale);
    ctx.font = `${titleSize}px SlideSansBold`;
    const title = wrap(slide.title, maxWidth, (s) => ctx.measureText(s).width);
    ctx.font = `${pointSize}px SlideSans`;
    const list = points.map((p) => wrap(p, maxWidth - indent, (s) => ctx.measureText(s).width));
    const titleLead = titleSize * 1.2,
      pointLead = pointSize * 1.35,
      gap = pointSize * 0.45;
    const height =
      title.length * titleLead +
      (list.length ? pointSize * 0.9 + list.flat().length * pointLead + gap * (list.length - 1) : 0);
    return { titleSize, pointSize, title, list, titleLead, pointLead, gap, height };
  };
  let layout = lay(1);
  for (let scale = 0.95; layout.height > bottom - top && scale >= 0.5; scale -= 0.05) layout = lay(scale);
  if (layout.height > bottom - top)
    console.warn(`  warning: slide ${index + 1} of ${fm.title} is too long to fit; shorten it`);

  // A slide without points is a statement: it sits in the middle rather than hanging from the top.
  let y = (points.length ? top : top + (bottom - top - layout.height) / 2) + layout.titleSize;
  ctx.fillStyle = COLOR.title;
  ctx.font = `${layout.titleSize}px SlideSansBold`;
  for (const line of layout.title) {
    ctx.fillText(line, M, y);
    y += layout.titleLead;
  }
  y += layout.pointSize * 0.9 - layout.titleLead + layout.pointLead;
  ctx.font = `${layout.pointSize}px SlideSans`;
  for (const lines of layout.list) {
    const mark = Math.round(layout.pointSize * 0.3);
    ctx.fillStyle = COLOR.brand;
    ctx.fillRect(M, y - layout.pointSize * 0.36 - mark / 2, mark, mark);
    ctx.fillStyle = COLOR.text;
    for (const line of lines) {
      ctx.fillText(line, M + indent, y);
      y += layout.pointLead;
    }
    y += layout.gap;
  }

  ctx.fillStyle = COLOR.rule;
  ctx.fillRect(M, 484, maxWidth, 1);
  ctx.fillStyle = COLOR.muted;
  ctx.font = "18px SlideSans";
  ctx.fillText(`Demo video · ${fm.published}`, M, 516);
  ctx.textAlign = "right";
  ctx.fillText(`${index + 1} / ${count}`, W - M, 516);
  return canvas;
}

async function makeVideo(slug, fm, tmp) {
  const work = fs.mkdtempSync(path.join(tmp, `${slug}-`));
  const chunks = [],
    cues = [],
    starts = [];
  let rate = 0,
    samples = 0;
  const now = () => samples / rate;
  const silenceUntil = (t) => {
    const n = Math.max(0, Math.round(t * rate) - samples);
    chunks.push(Buffer.alloc(n * 2));
    samples += n;
  };

  for (const [i, slide] of fm.slides.entries()) {
    const said = sentences(slide.narration);
    if (!said.length) throw new Error(`slide ${i + 1} has no narration`);
    for (const [j, sentence] of said.entries()) {
      const wav = path.join(work, `s${i}-${j}.wav`);
      run("espeak-ng", ["-v", "en-gb", "-s", "155", "-b", "1", "-w", wav], { input: spoken(sentence) });
      const audio = readWav(wav);
      if (audio.channels !== 1 || audio.bits !== 16) throw new Error("espeak-ng did not write 16-bit mono audio");
      if (!rate) rate = audio.rate;
      if (audio.rate !== rate) throw new Error("espeak-ng changed its sample rate between sentences");
      // The slide changes a moment after the previous one falls silent, on a frame, so its chapter starts on a keyframe.
      if (j === 0) {
        const change = i === 0 ? 0 : Math.ceil((now() + SLIDE_EARLY) * FPS - 1e-6) / FPS;
        starts.push(Math.round(change * FPS));
        silenceUntil(i === 0 ? LEAD_IN : change + SLIDE_PAUSE - SLIDE_EARLY);
      } else silenceUntil(now() + SENTENCE_PAUSE);
      const start = now();
      chunks.push(audio.pcm);
      samples += audio.pcm.length / 2;
      const parts = cueTexts(sentence),
        total = parts.reduce((n, p) => n + p.join(" ").length, 0);
      let at = start;
      for (const lines of parts) {
        const end = at + ((now() - start) * lines.join(" ").length) / total;
        cues.push({ start: at, end, text: lines.map(escapeVtt).join("\n") });
        at = end;
      }
    }
  }
  const frames = Math.ceil((now() + TAIL) * FPS - 1e-6);
  silenceUntil(frames / FPS);
  fs.writeFileSync(path.join(work, "voice.wav"), wavFile(Buffer.concat(chunks), rate));

  const inputs = [];
  for (const [i, slide] of fm.slides.entries()) {
    const png = path.join(work, `slide${i}.png`);
    const canvas = drawSlide(fm, slide, i, fm.slides.length);
    fs.writeFileSync(png, await canvas.encode("png"));
    if (i === 0) {
      let quality = 80,
        jpg = await canvas.encode("jpeg", quality);
      while (jpg.length > 80_000 && quality > 40) jpg = await canvas.encode("jpeg", (quality -= 10));
      fs.writeFileSync(path.join(work, "poster.jpg"), jpg);
    }
    inputs.push(
      "-loop",
      "1",
      "-framerate",
      String(FPS),
      "-t",
      (((starts[i + 1] ?? frames) - starts[i]) / FPS).toFixed(1),
      "-i",
      png,
    );
  }
  const keyframes = new Set(starts.map((f) => f / FPS));
  for (let t = 0; t < frames / FPS; t += KEYFRAME_EVERY) keyframes.add(t);
  const n = fm.slides.length,
    mp4 = path.join(work, "video.mp4");
  // The keyframes every 2 s are most of each file, so CRF 32 (text still crisp at 960×540) is where size is saved.
  // A fixed thread count and the bitexact flags make a re-run byte-identical, so regenerating leaves no spurious diff.
  run("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    ...inputs,
    "-i",
    path.join(work, "voice.wav"),
    "-filter_complex",
    `${fm.slides.map((_, i) => `[${i}:v]`).join("")}concat=n=${n}:v=1:a=0,format=yuv420p[v]`,
    "-map",
    "[v]",
    "-map",
    `${n}:a`,
    "-c:v",
    "libx264",
    "-preset",
    "veryslow",
    "-tune",
    "stillimage",
    "-crf",
    "32",
    "-r",
    String(FPS),
    "-g",
    String(FPS * KEYFRAME_EVERY),
    "-sc_threshold",
    "0",
    "-threads",
    "2",
    "-force_key_frames",
    [...keyframes]
      .sort((a, b) => a - b)
      .map((t) => t.toFixed(1))
      .join(","),
    "-c:a",
    "aac",
    "-b:a",
    "48k",
    "-ac",
    "1",
    "-ar",
    "44100",
    "-movflags",
    "+faststart",
    "-map_metadata",
    "-1",
    "-map_chapters",
    "-1",
    "-fflags",
    "+bitexact",
    "-flags:v",
    "+bitexact",
    "-flags:a",
    "+bitexact",
    mp4,
  ]);
  const duration = Number(
    run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", mp4]).stdout.trim(),
  );

  const vtt = [
    "WEBVTT",
    "",
    ...cues.flatMap((c, i) => [String(i + 1), `${stamp(c.start)} --> ${stamp(c.end)}`, c.text, ""]),
  ].join("\n");
  const sidecar = {
    source: sourceHash(fm),
    duration,
    chapters: fm.slides.map((s, i) => ({ start: starts[i] / FPS, title: s.title })),
    width: W,
    height: H,
  };
  fs.copyFileSync(mp4, path.join(OUT_DIR, `${slug}.mp4`));
  fs.copyFileSync(path.join(work, "poster.jpg"), path.join(OUT_DIR, `${slug}.jpg`));
  fs.writeFileSync(path.join(OUT_DIR, `${slug}.vtt`), vtt);
  // The sidecar goes last: a run cut short leaves a stale or missing hash, so the next run remakes the video.
  fs.writeFileSync(path.join(OUT_DIR, `${slug}.json`), `${JSON.stringify(sidecar, null, 2)}\n`);
  return duration;
}

function upToDate(slug, hash) {
  const out = (ext) => path.join(OUT_DIR, `${slug}.${ext}`);
  if (!["mp4", "jpg", "vtt", "json"].every((ext) => fs.existsSync(out(ext)))) return false;
  try {
    return JSON.parse(fs.readFileSync(out("json"), "utf8")).source === hash;
  } catch {
    return false;
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const unknown = args.filter((a) => a.startsWith("-") && a !== "--force");
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(" ")}. Usage: npm run media:videos [-- [--force] [slug ...]]`);
    process.exit(1);
  }
  const named = new Set(args.filter((a) => !a.startsWith("-")));
  const files = fs.existsSync(SOURCE_DIR)
    ? fs
        .readdirSync(SOURCE_DIR)
        .filter((f) => f.endsWith(".md"))
        .sort()
    : [];
  const slugs = files.map((f) => f.slice(0, -3));
  const absent = [...named].filter((s) => !slugs.includes(s));
  if (absent.length) {
    console.error(`No content/videos/<slug>.md for: ${absent.join(", ")}`);
    process.exit(1);
  }

  ensureTools();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "make-videos-"));
  let failed = 0;
  try {
    for (const slug of slugs) {
      if (named.size && !named.has(slug)) continue;
      try {
        const fm = readFrontMatter(path.join(SOURCE_DIR, `${slug}.md`));
        if (fm.external) {
          console.log(`skipped ${slug}: external media`);
          continue;
        }
        if (!Array.isArray(fm.slides) || !fm.slides.length) {
          console.log(`skipped ${slug}: no slides`);
          continue;
        }
        if (!fm.slides.every((s) => s && typeof s.title === "string" && typeof s.narration === "string"))
          throw new Error("every slide needs a title and a narration");
        if (!force && !named.has(slug) && upToDate(slug, sourceHash(fm))) {
          console.log(`skipped ${slug}: up to date`);
          continue;
        }
        const duration = await makeVideo(slug, fm, tmp);
        const size = ["mp4", "jpg", "vtt", "json"].reduce(
          (n, ext) => n + fs.statSync(path.join(OUT_DIR, `${slug}.${ext}`)).size,
          0,
        );
        console.log(`made ${slug}: ${duration.toFixed(1)} s, ${fm.slides.length} slides, ${kb(size)}`);
      } catch (error) {
        failed++;
        console.error(`failed ${slug}: ${error.message}`);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const total = fs.readdirSync(OUT_DIR).reduce((n, f) => n + fs.statSync(path.join(OUT_DIR, f)).size, 0);
  console.log(`content/media/videos: ${(total / 1024 / 1024).toFixed(2)} MB in total`);
  if (failed) process.exit(1);
}

await main();
