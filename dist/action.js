import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// lib/core/budget.ts
function cutNote(count) {
  return `[${count} characters cut]`;
}
function codePointsFrom(text2, from = 0) {
  let count = 0;
  for (let i = from; i < text2.length; i++) {
    if (!(isHighSurrogate(text2.charCodeAt(i)) && i + 1 < text2.length && (text2.charCodeAt(i + 1) & 64512) === 56320)) count++;
  }
  return count;
}
function fitPrefix(text2, max, render) {
  const whole = render(text2, 0);
  if (whole.length <= max) return whole;
  const at = (k) => {
    const end = k > 0 && isHighSurrogate(text2.charCodeAt(k - 1)) ? k - 1 : k;
    return render(text2.slice(0, end), codePointsFrom(text2, end));
  };
  let lo = 0;
  let hi = text2.length - 1;
  if (at(lo).length > max) return at(lo);
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (at(mid).length <= max) lo = mid;
    else hi = mid - 1;
  }
  return at(lo);
}
function roomForSecond(room, firstLength, secondLength, floor) {
  return Math.min(secondLength, room - Math.min(firstLength, floor));
}
var TITLE_LIMIT, GITLAB_TITLE_LIMIT, BODY_LIMIT, CHAT_LIMIT, FIELD_LIMIT, isHighSurrogate;
var init_budget = __esm({
  "lib/core/budget.ts"() {
    "use strict";
    TITLE_LIMIT = 256;
    GITLAB_TITLE_LIMIT = 255;
    BODY_LIMIT = 65536;
    CHAT_LIMIT = 4e4;
    FIELD_LIMIT = 1e3;
    isHighSurrogate = (code) => code >= 55296 && code <= 56319;
  }
});

// lib/core/markdown.ts
function inlineCode(text2) {
  const flat = text2.replace(/\r\n?|\n/g, " ");
  const fence = "`".repeat(longestRun(flat, "`") + 1);
  const stripped = flat.startsWith(" ") && flat.endsWith(" ") && flat.trim() !== "";
  const padding = flat.startsWith("`") || flat.endsWith("`") || flat === "" || stripped ? " " : "";
  return `${fence}${padding}${flat}${padding}${fence}`;
}
function codeBlock(text2, flavor = "github") {
  const inner = flavor === "gitlab" ? defuseQuickActions(text2) : text2;
  const fence = "`".repeat(Math.max(3, longestRun(inner, "`") + 1));
  return `${fence}
${inner}
${fence}`;
}
function defuseReferences(text2, flavor = "github") {
  const out = text2.replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`).replace(/#(?=\d)/g, `#${ZWSP}`).replace(/\b(GH-)(?=\d)/gi, `$1${ZWSP}`);
  return flavor === "gitlab" ? defuseGitLabReferences(out) : out;
}
function defuseGitLabReferences(text2) {
  return text2.split(URL_PART).map((part, i) => i % 2 ? part : GITLAB_REFERENCES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), part)).join("");
}
function defuseQuickActions(text2) {
  return text2.replace(/^\//gm, `${ZWSP}/`);
}
function markdownText(text2, flavor = "github") {
  let out = text2.replace(INLINE, (_, slashes, char) => slashes.length % 2 ? slashes + char : `${slashes}\\${char}`);
  for (const pattern of BLOCK_START) out = out.replace(pattern, "$1\\$2");
  return defuseReferences(flavor === "gitlab" ? defuseQuickActions(out) : out, flavor);
}
var longestRun, ZWSP, URL_PART, GITLAB_REFERENCES, BLOCK_START, INLINE;
var init_markdown = __esm({
  "lib/core/markdown.ts"() {
    "use strict";
    longestRun = (text2, char) => {
      let longest = 0;
      let run2 = 0;
      for (const c of text2) {
        run2 = c === char ? run2 + 1 : 0;
        if (run2 > longest) longest = run2;
      }
      return longest;
    };
    ZWSP = "\u200B";
    URL_PART = /(https?:\/\/[^\s<>]+)/i;
    GITLAB_REFERENCES = [
      [/([!&$])(?=\d)/g, `$1${ZWSP}`],
      [/([~%])(?=[\p{L}\p{N}_"])/gu, `$1${ZWSP}`],
      [/(^|[^\p{L}\p{N}_])@(?=[\p{L}\p{N}_.])/gu, `$1@${ZWSP}`]
    ];
    BLOCK_START = [
      /^( {0,3})(#)(?=#{0,5}(?:[ \t]|$))/gm,
      /^( {0,3})(`(?=``)|~(?=~~))/gm,
      /^( {0,3})(>)/gm,
      /^( {0,3})([-+*])(?=[ \t]|$)/gm,
      /^( {0,3}\d{1,9})([.)])(?=[ \t]|$)/gm,
      /^( {0,3})([-*_=])(?=[-*_= \t]*$)/gm
    ];
    INLINE = /(\\*)(<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;))/g;
  }
});

// lib/core/text.ts
function cleanText(text2) {
  const wellFormed = text2.toWellFormed();
  return wellFormed.replace(/\r\n?/g, "\n").replace(CONTROL, picture);
}
function oneLine(text2) {
  return cleanText(text2).replace(/[\n\t]/g, " ");
}
var CONTROL, picture;
var init_text = __esm({
  "lib/core/text.ts"() {
    "use strict";
    CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
    picture = (c) => {
      const code = c.charCodeAt(0);
      if (code < 32) return String.fromCharCode(9216 + code);
      return code === 127 ? "\u2421" : "\uFFFD";
    };
  }
});

// lib/core/issue.ts
function localDate(time) {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}
function localTimestamp(time) {
  return `${localDate(time)} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}
function renderTitle(failure, limit = TITLE_LIMIT) {
  const environment = oneLine(failure.environment);
  const commit = oneLine(failure.commitSha);
  const frame = (env2, sha) => `[DEPLOY FAIL] ${env2} \u2014 ${sha} \u2014 ${localDate(failure.time)}`;
  const part = (kept, cut) => cut ? `${kept}\u2026 ${cutNote(cut)}` : kept;
  const room = limit - frame("", "").length;
  const env = fitPrefix(environment, roomForSecond(room, commit.length, environment.length, Math.floor(room / 2)), part);
  return frame(env, fitPrefix(commit, room - env.length, part));
}
function field(text2, render) {
  return fitPrefix(oneLine(text2), FIELD_LIMIT, (kept, cut) => render(kept) + (cut ? ` ${cutNote(cut)}` : ""));
}
function renderBody(failure, flavor = "github") {
  const messagePart = messagePartFor(flavor);
  const reasonPart = reasonPartFor(flavor);
  const environment = field(failure.environment, inlineCode);
  const commit = field(failure.commitSha, inlineCode);
  const pipeline = field(failure.pipelineUrl, (text2) => pipelineMarkdown(text2, flavor));
  const layout = (message2, reason2) => [
    "## Deploy Failure Report",
    "",
    `**Environment:** ${environment}`,
    `**Commit:** ${commit}`,
    `**Time:** ${localTimestamp(failure.time)}`,
    `**Pipeline:** ${pipeline}`,
    "",
    "### Commit Message",
    message2,
    "",
    "### Failure Reason",
    reason2,
    "",
    "### Required Actions",
    ...REQUIRED_ACTIONS.map((action) => `- [ ] ${action}`),
    "",
    "---",
    "*This issue was generated automatically by the deployment monitoring script.*",
    ""
  ].join("\n");
  const message = cleanText(failure.commitMessage);
  const reason = cleanText(failure.reason);
  const room = BODY_LIMIT - layout("", "").length;
  const reasonRoom = roomForSecond(room, messagePart(message, 0).length, reasonPart(reason, 0).length, Math.floor(room / 4));
  const renderedReason = fitPrefix(reason, reasonRoom, reasonPart);
  return layout(fitPrefix(message, room - renderedReason.length, messagePart), renderedReason);
}
function slackEscape(text2) {
  return text2.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function chatField(text2) {
  return fitPrefix(oneLine(text2), FIELD_LIMIT, slackPart);
}
function renderChat(failure) {
  const environment = chatField(failure.environment);
  const commit = chatField(failure.commitSha);
  const pipeline = chatField(failure.pipelineUrl);
  const layout = (reason) => [`*[DEPLOY FAILURE]* ${environment}`, `Commit: \`${commit}\``, `Reason: ${reason}`, `Pipeline: ${pipeline}`].join("\n");
  return layout(fitPrefix(cleanText(failure.reason), CHAT_LIMIT - 1 - layout("").length, slackPart));
}
var LABELS, DEDUP_LABEL, DEFAULT_REASON, REQUIRED_ACTIONS, pad, TITLE_LIMITS, pipelineMarkdown, messagePartFor, reasonPartFor, slackPart;
var init_issue = __esm({
  "lib/core/issue.ts"() {
    "use strict";
    init_budget();
    init_markdown();
    init_text();
    init_markdown();
    LABELS = ["auto-deploy-failure", "ops"];
    DEDUP_LABEL = LABELS[0];
    DEFAULT_REASON = "Unknown failure";
    REQUIRED_ACTIONS = [
      "Check pipeline logs",
      "Verify deployment artifacts",
      "Confirm service health",
      "Update issue when resolved"
    ];
    pad = (n) => String(n).padStart(2, "0");
    TITLE_LIMITS = Object.freeze({ github: TITLE_LIMIT, gitlab: GITLAB_TITLE_LIMIT });
    pipelineMarkdown = (text2, flavor = "github") => /^https?:\/\/[^\s<>`"]+$/i.test(text2) && URL.canParse(text2) ? text2 : markdownText(text2, flavor);
    messagePartFor = (flavor) => (kept, cut) => codeBlock(kept, flavor) + (cut ? `
*${cutNote(cut)}*` : "");
    reasonPartFor = (flavor) => (kept, cut) => markdownText(kept, flavor) + (cut ? `

*${cutNote(cut)}*` : "");
    slackPart = (kept, cut) => slackEscape(kept) + (cut ? ` ${cutNote(cut)}` : "");
  }
});

// lib/errors.ts
var ApiError, ConfigError, RateLimited, CreateFailed, ListFailed, AttemptsExhausted;
var init_errors = __esm({
  "lib/errors.ts"() {
    "use strict";
    init_issue();
    ApiError = class extends Error {
      /** The HTTP status; undefined when there was no answer (network failure, timeout, reset). */
      status;
      /** Response headers, lower-case names. */
      headers;
      /** Whether it may go away on its own: no answer, a 5xx, or a cut-off body. Never true for a bug. */
      transient;
      constructor(message, options) {
        super(message, { cause: options.cause });
        this.name = "ApiError";
        this.status = options.status;
        this.headers = options.headers ?? {};
        this.transient = options.transient;
      }
    };
    ConfigError = class extends Error {
      problems;
      constructor(problems) {
        super(problems.join("\n"));
        this.name = "ConfigError";
        this.problems = problems;
      }
    };
    RateLimited = class extends Error {
      limit;
      status;
      response;
      constructor(limit, where, maxWaitSeconds, cause, service = "GitHub API") {
        super(
          `${service} ${limit.kind} rate limit hit on ${where}; it resets at ${localTimestamp(new Date(limit.resetsAt))} (in ${limit.waitSeconds}s), beyond the ${maxWaitSeconds}s REPORT_MAX_WAIT allows for waiting in one run. Run the reporter again after that, or raise REPORT_MAX_WAIT.`,
          { cause }
        );
        this.name = "RateLimited";
        this.limit = limit;
        this.status = cause?.status;
        this.response = cause?.response;
      }
    };
    CreateFailed = class extends Error {
      /** As in the `--json` line, for callers of the plugin API. */
      outcome = "failed";
      constructor(cause) {
        super("Failed to create issue", { cause });
        this.name = "CreateFailed";
      }
    };
    ListFailed = class extends Error {
      constructor(cause, why) {
        super(`Could not list the open ${DEDUP_LABEL} issues, so none was closed (${why})`, { cause });
        this.name = "ListFailed";
      }
    };
    AttemptsExhausted = class extends Error {
      attempts;
      constructor(attempts, cause) {
        super(`All ${attempts} attempts failed`, { cause });
        this.name = "AttemptsExhausted";
        this.attempts = attempts;
      }
    };
  }
});

// node_modules/dotenv/dist/index.cjs
var require_dist = __commonJS({
  "node_modules/dotenv/dist/index.cjs"(exports, module) {
    var j = (e, n) => () => {
      try {
        return n || e((n = { exports: {} }).exports, n), n.exports;
      } catch (t) {
        throw n = 0, t;
      }
    };
    var R = j((Z, N) => {
      function T(e) {
        return typeof e == "string" ? !["false", "0", "no", "off", ""].includes(e.toLowerCase()) : !!e;
      }
      function U(e = process.env) {
        let n = {};
        for (let t of ["ENCODING", "PATH", "QUIET", "DEBUG", "OVERRIDE", "FAST"]) {
          let r = e[`DOTENV_${t}`] != null ? e[`DOTENV_${t}`] : e[`DOTENV_CONFIG_${t}`];
          r != null && (n[t.toLowerCase()] = t === "ENCODING" || t === "PATH" ? r : T(r));
        }
        return n;
      }
      N.exports = { parseBoolean: T, optionsFromEnv: U };
    });
    var P = j((ee, b) => {
      var F = __require("fs"), _ = __require("path"), B = __require("os"), { URL: L, fileURLToPath: Q } = __require("url"), { parseBoolean: $2, optionsFromEnv: I } = R(), G = /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/mg, y = new Uint8Array(256);
      for (let e = 48; e <= 57; e++) y[e] = 1;
      for (let e = 65; e <= 90; e++) y[e] = 1;
      for (let e = 97; e <= 122; e++) y[e] = 1;
      y[45] = 1;
      y[46] = 1;
      y[95] = 1;
      function H(e) {
        let n = {}, t = e.toString();
        t = t.replace(/\r\n?/mg, `
`);
        let r;
        for (; (r = G.exec(t)) != null; ) {
          let o = r[1], i = r[2] || "";
          i = i.trim();
          let c = i[0];
          i = i.replace(/^(['"`])([\s\S]*)\1$/mg, "$2"), c === '"' && (i = i.replace(/\\n/g, `
`), i = i.replace(/\\r/g, "\r")), n[o] = i;
        }
        return n;
      }
      function g(e) {
        return e <= 32 ? e === 32 || e >= 9 && e <= 13 : e >= 160 && (e === 160 || e === 5760 || e >= 8192 && e <= 8202 || e === 8232 || e === 8233 || e === 8239 || e === 8287 || e === 12288 || e === 65279);
      }
      function O(e) {
        return e === 10 || e === 8232 || e === 8233;
      }
      function V(e) {
        let n = {}, t = typeof e == "string" ? e : e.toString();
        t.indexOf("\r") !== -1 && (t = t.replace(/\r\n?/g, `
`));
        let r = t.length, o = 0;
        for (; o < r; ) {
          let i = t.charCodeAt(o);
          for (; o < r && g(i); ) o++, i = t.charCodeAt(o);
          if (o >= r) break;
          if (i === 35) {
            for (; o < r && !O(t.charCodeAt(o)); ) o++;
            continue;
          }
          let c = -1;
          if (i === 101 && o + 6 < r && t.charCodeAt(o + 1) === 120 && t.charCodeAt(o + 2) === 112 && t.charCodeAt(o + 3) === 111 && t.charCodeAt(o + 4) === 114 && t.charCodeAt(o + 5) === 116) {
            let u = t.charCodeAt(o + 6);
            if (g(u)) {
              let s = o + 7;
              for (; s < r && g(t.charCodeAt(s)); ) s++;
              y[t.charCodeAt(s)] && (c = o + 6, o = s);
            } else i = t.charCodeAt(o);
          }
          let E = o, p = 0;
          for (; o < r && (p = t.charCodeAt(o), y[p]); ) o++;
          if (o === E) {
            for (; o < r && !O(t.charCodeAt(o)); ) o++;
            continue;
          }
          let k = t.slice(E, o), D = o;
          if (o >= r && (p = 0), g(p)) do
            o++, p = o < r ? t.charCodeAt(o) : 0;
          while (g(p));
          if (p === 61) o++;
          else if (p === 58 && o === D && o + 1 < r && g(t.charCodeAt(o + 1))) o += 2;
          else {
            for (o = c === -1 ? D : c; o < r && !O(t.charCodeAt(o)); ) o++;
            continue;
          }
          let d = o, l = o;
          for (; l < r && g(t.charCodeAt(l)); ) l++;
          let C = t.charCodeAt(l), a, q = false;
          if (C === 39 || C === 34 || C === 96) {
            let u = t[l], s = t.indexOf(u, l + 1), f = -1, h = -1;
            for (; s !== -1; ) {
              let x = t.charCodeAt(s - 1) === 92, w = s + 1;
              for (; w < r && !O(t.charCodeAt(w)) && g(t.charCodeAt(w)); ) w++;
              if ((w === r || O(t.charCodeAt(w)) || t.charCodeAt(w) === 35) && (f = s, h = w), !x) break;
              s = t.indexOf(u, s + 1);
            }
            if (f !== -1) {
              if (a = t.slice(l + 1, f), o = h, t.charCodeAt(o) === 35) for (; o < r && !O(t.charCodeAt(o)); ) o++;
              q = true;
            }
          }
          if (!q) {
            let u = t.indexOf(`
`, d);
            u === -1 && (u = r);
            let s;
            if (r < 4096) s = t.indexOf("#", d), (s === -1 || s > u) && (s = u);
            else for (s = d; s < u && t.charCodeAt(s) !== 35; ) s++;
            let f = d, h = s;
            for (; f < h && g(t.charCodeAt(f)); ) f++;
            for (; h > f && g(t.charCodeAt(h - 1)); ) h--;
            let x = t.charCodeAt(f);
            if (a = t.slice(f, h), a.includes("\u2028") || a.includes("\u2029") ? a = a.replace(/^(['"`])([\s\S]*)\1$/mg, "$2") : h - f >= 2 && (x === 39 || x === 34 || x === 96) && t.charCodeAt(h - 1) === x && (a = t.slice(f + 1, h - 1)), o = s, s < u) for (; o < r && !O(t.charCodeAt(o)); ) o++;
          }
          C === 34 && (q || l < o) && a.indexOf("\\") !== -1 && (a = a.replace(/\\n/g, `
`).replace(/\\r/g, "\r")), n[k] = a;
        }
        return n;
      }
      function J(e, n) {
        return n && $2(n.fast) ? V(e) : H(e);
      }
      function v(e) {
        console.log(`\u2506 ${e}`);
      }
      function W(e) {
        console.error(`\u25C7 ${e}`);
      }
      function S(e) {
        return e[0] === "~" ? _.join(B.homedir(), e.slice(1)) : e;
      }
      function K(e = {}) {
        let n = { ...e };
        for (let t of Object.keys(n)) n[t] === void 0 && delete n[t];
        return { ...I(), ...n };
      }
      function M(e) {
        e = K(e);
        let n = _.resolve(process.cwd(), ".env"), t = "utf8", r = process.env;
        e && e.processEnv != null && (r = e.processEnv);
        let o = $2(e && e.debug);
        e && e.encoding ? t = e.encoding : o && v("no encoding is specified (UTF-8 is used by default)");
        let i = [n];
        if (e && e.path) if (!Array.isArray(e.path)) i = [S(e.path)];
        else {
          i = [];
          for (let d of e.path) i.push(S(d));
        }
        let c, E = {}, p = { fast: e.fast };
        for (let d of i) try {
          let l = A.parse(F.readFileSync(d, { encoding: t }), p);
          A.populate(E, l, e);
        } catch (l) {
          o && v(`failed to load ${d} ${l.message}`), c = l;
        }
        let k = A.populate(r, E, e), D = $2(Object.prototype.hasOwnProperty.call(e, "quiet") ? e.quiet : I(r).quiet);
        if (o || !D) {
          let d = Object.keys(k).length, l = [];
          for (let C of i) try {
            let a = _.relative(process.cwd(), C instanceof L ? Q(C) : C);
            l.push(a);
          } catch (a) {
            o && v(`failed to load ${C} ${a.message}`), c = a;
          }
          W(`injected env (${d}) from ${l.join(",")}`);
        }
        return c ? { parsed: E, error: c } : { parsed: E };
      }
      function Y(e) {
        return A.configDotenv(e);
      }
      function z(e, n, t = {}) {
        let r = $2(t && t.debug), o = $2(t && t.override), i = {};
        if (e === null || typeof e != "object" || n === null || typeof n != "object") {
          let c = new Error("OBJECT_REQUIRED: Please check the processEnv argument being passed to populate");
          throw c.code = "OBJECT_REQUIRED", c;
        }
        for (let c of Object.keys(n)) Object.prototype.hasOwnProperty.call(e, c) ? (o === true && (e[c] = n[c], i[c] = n[c]), r && v(o === true ? `"${c}" is already defined and WAS overwritten` : `"${c}" is already defined and was NOT overwritten`)) : (e[c] = n[c], i[c] = n[c]);
        return i;
      }
      var A = { configDotenv: M, config: Y, parse: J, populate: z };
      b.exports.configDotenv = A.configDotenv;
      b.exports.config = A.config;
      b.exports.parse = A.parse;
      b.exports.populate = A.populate;
      b.exports = A;
    });
    var m = P();
    module.exports = m;
    module.exports.config = m.config;
    module.exports.configDotenv = m.configDotenv;
    module.exports.parse = m.parse;
    module.exports.populate = m.populate;
  }
});

// node_modules/zx/build/deno.js
import { createRequire } from "node:module";
import * as process2 from "node:process";
var init_deno = __esm({
  "node_modules/zx/build/deno.js"() {
    if (globalThis.Deno) {
      globalThis.require = createRequire(import.meta.url);
      globalThis.__filename = new URL(import.meta.url).pathname;
      globalThis.__dirname = new URL(".", import.meta.url).pathname;
      globalThis.module = new Proxy({}, { set() {
        return true;
      } });
      const p = globalThis.process = globalThis.process || process2;
      p.version || (p.version = "v18.0.0");
      p.version || (p.version = { node: "18.0.0" });
      p.env || (p.env = globalThis.Deno.env.toObject());
      p.argv || (p.argv = [globalThis.Deno.execPath(), globalThis.Deno.mainModule.replace("file://", ""), ...globalThis.Deno.args]);
    }
  }
});

// node_modules/zx/build/esblib.cjs
var require_esblib = __commonJS({
  "node_modules/zx/build/esblib.cjs"(exports, module) {
    var __create2 = Object.create;
    var __defProp2 = Object.defineProperty;
    var __getOwnPropDesc2 = Object.getOwnPropertyDescriptor;
    var __getOwnPropNames2 = Object.getOwnPropertyNames;
    var __getProtoOf2 = Object.getPrototypeOf;
    var __hasOwnProp2 = Object.prototype.hasOwnProperty;
    var __export2 = (target, all) => {
      for (var name in all)
        __defProp2(target, name, { get: all[name], enumerable: true });
    };
    var __copyProps2 = (to, from, except, desc) => {
      if (from && typeof from === "object" || typeof from === "function") {
        for (let key of __getOwnPropNames2(from))
          if (!__hasOwnProp2.call(to, key) && key !== except)
            __defProp2(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc2(from, key)) || desc.enumerable });
      }
      return to;
    };
    var __toESM2 = (mod, isNodeMode, target) => (target = mod != null ? __create2(__getProtoOf2(mod)) : {}, __copyProps2(
      // If the importer is in node compatibility mode or this is not an ESM
      // file that has been converted to a CommonJS file using a Babel-
      // compatible transform (i.e. "__esModule" has not been set), then set
      // "default" to the CommonJS "module.exports" for node compatibility.
      isNodeMode || !mod || !mod.__esModule ? __defProp2(target, "default", { value: mod, enumerable: true }) : target,
      mod
    ));
    var __toCommonJS = (mod) => __copyProps2(__defProp2({}, "__esModule", { value: true }), mod);
    var __async = (__this, __arguments, generator) => {
      return new Promise((resolve, reject) => {
        var fulfilled = (value4) => {
          try {
            step(generator.next(value4));
          } catch (e) {
            reject(e);
          }
        };
        var rejected = (value4) => {
          try {
            step(generator.throw(value4));
          } catch (e) {
            reject(e);
          }
        };
        var step = (x2) => x2.done ? resolve(x2.value) : Promise.resolve(x2.value).then(fulfilled, rejected);
        step((generator = generator.apply(__this, __arguments)).next());
      });
    };
    var __defProps = Object.defineProperties;
    var __getOwnPropDescs = Object.getOwnPropertyDescriptors;
    var __getOwnPropSymbols = Object.getOwnPropertySymbols;
    var __propIsEnum = Object.prototype.propertyIsEnumerable;
    var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
    var __typeError = (msg) => {
      throw TypeError(msg);
    };
    var __defNormalProp = (obj, key, value4) => key in obj ? __defProp2(obj, key, { enumerable: true, configurable: true, writable: true, value: value4 }) : obj[key] = value4;
    var __spreadValues = (a, b) => {
      for (var prop in b || (b = {}))
        if (__hasOwnProp2.call(b, prop))
          __defNormalProp(a, prop, b[prop]);
      if (__getOwnPropSymbols)
        for (var prop of __getOwnPropSymbols(b)) {
          if (__propIsEnum.call(b, prop))
            __defNormalProp(a, prop, b[prop]);
        }
      return a;
    };
    var __spreadProps = (a, b) => __defProps(a, __getOwnPropDescs(b));
    var __await = function(promise, isYieldStar) {
      this[0] = promise;
      this[1] = isYieldStar;
    };
    var __asyncGenerator = (__this, __arguments, generator) => {
      var resume = (k2, v2, yes, no) => {
        try {
          var x2 = generator[k2](v2), isAwait = (v2 = x2.value) instanceof __await, done = x2.done;
          Promise.resolve(isAwait ? v2[0] : v2).then((y) => isAwait ? resume(k2 === "return" ? k2 : "next", v2[1] ? { done: y.done, value: y.value } : y, yes, no) : yes({ value: y, done })).catch((e) => resume("throw", e, yes, no));
        } catch (e) {
          no(e);
        }
      }, method = (k2) => it[k2] = (x2) => new Promise((yes, no) => resume(k2, x2, yes, no)), it = {};
      return generator = generator.apply(__this, __arguments), it[__knownSymbol("asyncIterator")] = () => it, method("next"), method("throw"), method("return"), it;
    };
    var __yieldStar = (value4) => {
      var obj = value4[__knownSymbol("asyncIterator")], isAwait = false, method, it = {};
      if (obj == null) {
        obj = value4[__knownSymbol("iterator")]();
        method = (k2) => it[k2] = (x2) => obj[k2](x2);
      } else {
        obj = obj.call(value4);
        method = (k2) => it[k2] = (v2) => {
          if (isAwait) {
            isAwait = false;
            if (k2 === "throw") throw v2;
            return v2;
          }
          isAwait = true;
          return {
            done: false,
            value: new __await(new Promise((resolve) => {
              var x2 = obj[k2](v2);
              if (!(x2 instanceof Object)) __typeError("Object expected");
              resolve(x2);
            }), 1)
          };
        };
      }
      return it[__knownSymbol("iterator")] = () => it, method("next"), "throw" in obj ? method("throw") : it.throw = (x2) => {
        throw x2;
      }, "return" in obj && method("return"), it;
    };
    var __forAwait = (obj, it, method) => (it = obj[__knownSymbol("asyncIterator")]) ? it.call(obj) : (obj = obj[__knownSymbol("iterator")](), it = {}, method = (key, fn) => (fn = obj[key]) && (it[key] = (arg) => new Promise((yes, no, done) => (arg = fn.call(obj, arg), done = arg.done, Promise.resolve(arg.value).then((value4) => yes({ value: value4, done }), no)))), method("next"), method("return"), it);
    var __pow = Math.pow;
    var __reExport = (target, mod, secondTarget) => (__copyProps2(target, mod, "default"), secondTarget && __copyProps2(secondTarget, mod, "default"));
    var __commonJS2 = (cb, mod) => function __require2() {
      return mod || (0, cb[__getOwnPropNames2(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
    };
    var __esm2 = (fn, res) => function __init() {
      return fn && (res = (0, fn[__getOwnPropNames2(fn)[0]])(fn = 0)), res;
    };
    var __accessCheck = (obj, member, msg) => member.has(obj) || __typeError("Cannot " + msg);
    var __privateGet = (obj, member, getter) => (__accessCheck(obj, member, "read from private field"), getter ? getter.call(obj) : member.get(obj));
    var __privateAdd = (obj, member, value4) => member.has(obj) ? __typeError("Cannot add the same private member more than once") : member instanceof WeakSet ? member.add(obj) : member.set(obj, value4);
    var __privateSet = (obj, member, value4, setter) => (__accessCheck(obj, member, "write to private field"), setter ? setter.call(obj, value4) : member.set(obj, value4), value4);
    module.exports = {
      __create: __create2,
      __defProp: __defProp2,
      __getOwnPropDesc: __getOwnPropDesc2,
      __getOwnPropNames: __getOwnPropNames2,
      __getProtoOf: __getProtoOf2,
      __hasOwnProp: __hasOwnProp2,
      __export: __export2,
      __copyProps: __copyProps2,
      __toESM: __toESM2,
      __toCommonJS,
      __async,
      __defProps,
      __getOwnPropDescs,
      __getOwnPropSymbols,
      __propIsEnum,
      __knownSymbol,
      __typeError,
      __defNormalProp,
      __spreadValues,
      __spreadProps,
      __await,
      __asyncGenerator,
      __yieldStar,
      __forAwait,
      __pow,
      __reExport,
      __commonJS: __commonJS2,
      __esm: __esm2,
      __accessCheck,
      __privateGet,
      __privateAdd,
      __privateSet
    };
  }
});

// node_modules/zx/build/internals.cjs
var require_internals = __commonJS({
  "node_modules/zx/build/internals.cjs"(exports, module) {
    "use strict";
    var {
      __export: __export2,
      __toCommonJS
    } = require_esblib();
    var internals_exports = {};
    __export2(internals_exports, {
      bus: () => bus3
    });
    module.exports = __toCommonJS(internals_exports);
    var locked = false;
    var lock = () => locked = true;
    var store = /* @__PURE__ */ new Map();
    var override = store.set.bind(store);
    function wrap(name, api) {
      if (locked) throw new Error("bus is locked");
      override(name, api);
      return new Proxy(api, {
        get(_, key) {
          var _a, _b;
          return store.get(name)[key] || ((_b = (_a = store.get(name)) == null ? void 0 : _a.default) == null ? void 0 : _b[key]);
        },
        apply(_, self2, args) {
          return store.get(name).apply(self2, args);
        }
      });
    }
    var bus3 = {
      override,
      wrap,
      lock
    };
  }
});

// node_modules/zx/build/vendor-core.cjs
var require_vendor_core = __commonJS({
  "node_modules/zx/build/vendor-core.cjs"(exports, module) {
    "use strict";
    var {
      __create: __create2,
      __spreadValues,
      __spreadProps,
      __commonJS: __commonJS2,
      __export: __export2,
      __toESM: __toESM2,
      __toCommonJS,
      __async
    } = require_esblib();
    var require_posix = __commonJS2({
      "node_modules/isexe/dist/cjs/posix.js"(exports2) {
        "use strict";
        Object.defineProperty(exports2, "__esModule", { value: true });
        exports2.sync = exports2.isexe = void 0;
        var fs_1 = __require("fs");
        var promises_1 = __require("fs").promises;
        var isexe = (_0, ..._1) => __async(null, [_0, ..._1], function* (path3, options = {}) {
          const { ignoreErrors = false } = options;
          try {
            return checkStat(yield (0, promises_1.stat)(path3), options);
          } catch (e) {
            const er = e;
            if (ignoreErrors || er.code === "EACCES")
              return false;
            throw er;
          }
        });
        exports2.isexe = isexe;
        var sync = (path3, options = {}) => {
          const { ignoreErrors = false } = options;
          try {
            return checkStat((0, fs_1.statSync)(path3), options);
          } catch (e) {
            const er = e;
            if (ignoreErrors || er.code === "EACCES")
              return false;
            throw er;
          }
        };
        exports2.sync = sync;
        var checkStat = (stat, options) => stat.isFile() && checkMode(stat, options);
        var checkMode = (stat, options) => {
          var _a, _b, _c, _d, _e, _f, _g, _h;
          const myUid = (_b = options.uid) != null ? _b : (_a = process.getuid) == null ? void 0 : _a.call(process);
          const myGroups = (_e = (_d = options.groups) != null ? _d : (_c = process.getgroups) == null ? void 0 : _c.call(process)) != null ? _e : [];
          const myGid = (_h = (_g = options.gid) != null ? _g : (_f = process.getgid) == null ? void 0 : _f.call(process)) != null ? _h : myGroups[0];
          if (myUid === void 0 || myGid === void 0) {
            throw new Error("cannot get uid or gid");
          }
          const groups2 = /* @__PURE__ */ new Set([myGid, ...myGroups]);
          const mod = stat.mode;
          const uid = stat.uid;
          const gid = stat.gid;
          const u = parseInt("100", 8);
          const g2 = parseInt("010", 8);
          const o = parseInt("001", 8);
          const ug = u | g2;
          return !!(mod & o || mod & g2 && groups2.has(gid) || mod & u && uid === myUid || mod & ug && myUid === 0);
        };
      }
    });
    var require_win32 = __commonJS2({
      "node_modules/isexe/dist/cjs/win32.js"(exports2) {
        "use strict";
        Object.defineProperty(exports2, "__esModule", { value: true });
        exports2.sync = exports2.isexe = void 0;
        var fs_1 = __require("fs");
        var promises_1 = __require("fs").promises;
        var isexe = (_0, ..._1) => __async(null, [_0, ..._1], function* (path3, options = {}) {
          const { ignoreErrors = false } = options;
          try {
            return checkStat(yield (0, promises_1.stat)(path3), path3, options);
          } catch (e) {
            const er = e;
            if (ignoreErrors || er.code === "EACCES")
              return false;
            throw er;
          }
        });
        exports2.isexe = isexe;
        var sync = (path3, options = {}) => {
          const { ignoreErrors = false } = options;
          try {
            return checkStat((0, fs_1.statSync)(path3), path3, options);
          } catch (e) {
            const er = e;
            if (ignoreErrors || er.code === "EACCES")
              return false;
            throw er;
          }
        };
        exports2.sync = sync;
        var checkPathExt = (path3, options) => {
          const { pathExt = process.env.PATHEXT || "" } = options;
          const peSplit = pathExt.split(";");
          if (peSplit.indexOf("") !== -1) {
            return true;
          }
          for (let i = 0; i < peSplit.length; i++) {
            const p = peSplit[i].toLowerCase();
            const ext = path3.substring(path3.length - p.length).toLowerCase();
            if (p && ext === p) {
              return true;
            }
          }
          return false;
        };
        var checkStat = (stat, path3, options) => stat.isFile() && checkPathExt(path3, options);
      }
    });
    var require_options = __commonJS2({
      "node_modules/isexe/dist/cjs/options.js"(exports2) {
        "use strict";
        Object.defineProperty(exports2, "__esModule", { value: true });
      }
    });
    var require_cjs = __commonJS2({
      "node_modules/isexe/dist/cjs/index.js"(exports2) {
        "use strict";
        var __createBinding = exports2 && exports2.__createBinding || (Object.create ? (function(o, m, k, k2) {
          if (k2 === void 0) k2 = k;
          var desc = Object.getOwnPropertyDescriptor(m, k);
          if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
            desc = { enumerable: true, get: function() {
              return m[k];
            } };
          }
          Object.defineProperty(o, k2, desc);
        }) : (function(o, m, k, k2) {
          if (k2 === void 0) k2 = k;
          o[k2] = m[k];
        }));
        var __setModuleDefault = exports2 && exports2.__setModuleDefault || (Object.create ? (function(o, v) {
          Object.defineProperty(o, "default", { enumerable: true, value: v });
        }) : function(o, v) {
          o["default"] = v;
        });
        var __importStar = exports2 && exports2.__importStar || function(mod) {
          if (mod && mod.__esModule) return mod;
          var result = {};
          if (mod != null) {
            for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
          }
          __setModuleDefault(result, mod);
          return result;
        };
        var __exportStar = exports2 && exports2.__exportStar || function(m, exports3) {
          for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports3, p)) __createBinding(exports3, m, p);
        };
        Object.defineProperty(exports2, "__esModule", { value: true });
        exports2.sync = exports2.isexe = exports2.posix = exports2.win32 = void 0;
        var posix = __importStar(require_posix());
        exports2.posix = posix;
        var win32 = __importStar(require_win32());
        exports2.win32 = win32;
        __exportStar(require_options(), exports2);
        var platform = process.env._ISEXE_TEST_PLATFORM_ || process.platform;
        var impl = platform === "win32" ? win32 : posix;
        exports2.isexe = impl.isexe;
        exports2.sync = impl.sync;
      }
    });
    var require_lib = __commonJS2({
      "node_modules/which/lib/index.js"(exports2, module2) {
        "use strict";
        var { isexe, sync: isexeSync } = require_cjs();
        var { join, delimiter, sep: sep2, posix } = __require("path");
        var isWindows = process.platform === "win32";
        var rSlash = new RegExp(`[${posix.sep}${sep2 === posix.sep ? "" : sep2}]`.replace(/(\\)/g, "\\$1"));
        var rRel = new RegExp(`^\\.${rSlash.source}`);
        var getNotFoundError = (cmd) => Object.assign(new Error(`not found: ${cmd}`), { code: "ENOENT" });
        var getPathInfo = (cmd, {
          path: optPath = process.env.PATH,
          pathExt: optPathExt = process.env.PATHEXT,
          delimiter: optDelimiter = delimiter
        }) => {
          const pathEnv = cmd.match(rSlash) ? [""] : [
            // windows always checks the cwd first
            ...isWindows ? [process.cwd()] : [],
            ...(optPath || /* istanbul ignore next: very unusual */
            "").split(optDelimiter)
          ];
          if (isWindows) {
            const pathExtExe = optPathExt || [".EXE", ".CMD", ".BAT", ".COM"].join(optDelimiter);
            const pathExt = pathExtExe.split(optDelimiter).flatMap((item) => [item, item.toLowerCase()]);
            if (cmd.includes(".") && pathExt[0] !== "") {
              pathExt.unshift("");
            }
            return { pathEnv, pathExt, pathExtExe };
          }
          return { pathEnv, pathExt: [""] };
        };
        var getPathPart = (raw, cmd) => {
          const pathPart = /^".*"$/.test(raw) ? raw.slice(1, -1) : raw;
          const prefix = !pathPart && rRel.test(cmd) ? cmd.slice(0, 2) : "";
          return prefix + join(pathPart, cmd);
        };
        var which22 = (_0, ..._1) => __async(null, [_0, ..._1], function* (cmd, opt = {}) {
          const { pathEnv, pathExt, pathExtExe } = getPathInfo(cmd, opt);
          const found = [];
          for (const envPart of pathEnv) {
            const p = getPathPart(envPart, cmd);
            for (const ext of pathExt) {
              const withExt = p + ext;
              const is = yield isexe(withExt, { pathExt: pathExtExe, ignoreErrors: true });
              if (is) {
                if (!opt.all) {
                  return withExt;
                }
                found.push(withExt);
              }
            }
          }
          if (opt.all && found.length) {
            return found;
          }
          if (opt.nothrow) {
            return null;
          }
          throw getNotFoundError(cmd);
        });
        var whichSync = (cmd, opt = {}) => {
          const { pathEnv, pathExt, pathExtExe } = getPathInfo(cmd, opt);
          const found = [];
          for (const pathEnvPart of pathEnv) {
            const p = getPathPart(pathEnvPart, cmd);
            for (const ext of pathExt) {
              const withExt = p + ext;
              const is = isexeSync(withExt, { pathExt: pathExtExe, ignoreErrors: true });
              if (is) {
                if (!opt.all) {
                  return withExt;
                }
                found.push(withExt);
              }
            }
          }
          if (opt.all && found.length) {
            return found;
          }
          if (opt.nothrow) {
            return null;
          }
          throw getNotFoundError(cmd);
        };
        module2.exports = which22;
        which22.sync = whichSync;
      }
    });
    var vendor_core_exports = {};
    __export2(vendor_core_exports, {
      VoidStream: () => VoidStream,
      buildCmd: () => buildCmd,
      chalk: () => chalk22,
      exec: () => exec,
      isStringLiteral: () => isStringLiteral2,
      ps: () => ps3,
      which: () => which3
    });
    module.exports = __toCommonJS(vendor_core_exports);
    var ANSI_BACKGROUND_OFFSET = 10;
    var wrapAnsi16 = (offset = 0) => (code) => `\x1B[${code + offset}m`;
    var wrapAnsi256 = (offset = 0) => (code) => `\x1B[${38 + offset};5;${code}m`;
    var wrapAnsi16m = (offset = 0) => (red, green, blue) => `\x1B[${38 + offset};2;${red};${green};${blue}m`;
    var styles = {
      modifier: {
        reset: [0, 0],
        // 21 isn't widely supported and 22 does the same thing
        bold: [1, 22],
        dim: [2, 22],
        italic: [3, 23],
        underline: [4, 24],
        overline: [53, 55],
        inverse: [7, 27],
        hidden: [8, 28],
        strikethrough: [9, 29]
      },
      color: {
        black: [30, 39],
        red: [31, 39],
        green: [32, 39],
        yellow: [33, 39],
        blue: [34, 39],
        magenta: [35, 39],
        cyan: [36, 39],
        white: [37, 39],
        // Bright color
        blackBright: [90, 39],
        gray: [90, 39],
        // Alias of `blackBright`
        grey: [90, 39],
        // Alias of `blackBright`
        redBright: [91, 39],
        greenBright: [92, 39],
        yellowBright: [93, 39],
        blueBright: [94, 39],
        magentaBright: [95, 39],
        cyanBright: [96, 39],
        whiteBright: [97, 39]
      },
      bgColor: {
        bgBlack: [40, 49],
        bgRed: [41, 49],
        bgGreen: [42, 49],
        bgYellow: [43, 49],
        bgBlue: [44, 49],
        bgMagenta: [45, 49],
        bgCyan: [46, 49],
        bgWhite: [47, 49],
        // Bright color
        bgBlackBright: [100, 49],
        bgGray: [100, 49],
        // Alias of `bgBlackBright`
        bgGrey: [100, 49],
        // Alias of `bgBlackBright`
        bgRedBright: [101, 49],
        bgGreenBright: [102, 49],
        bgYellowBright: [103, 49],
        bgBlueBright: [104, 49],
        bgMagentaBright: [105, 49],
        bgCyanBright: [106, 49],
        bgWhiteBright: [107, 49]
      }
    };
    var modifierNames = Object.keys(styles.modifier);
    var foregroundColorNames = Object.keys(styles.color);
    var backgroundColorNames = Object.keys(styles.bgColor);
    var colorNames = [...foregroundColorNames, ...backgroundColorNames];
    function assembleStyles() {
      const codes = /* @__PURE__ */ new Map();
      for (const [groupName, group] of Object.entries(styles)) {
        for (const [styleName, style] of Object.entries(group)) {
          styles[styleName] = {
            open: `\x1B[${style[0]}m`,
            close: `\x1B[${style[1]}m`
          };
          group[styleName] = styles[styleName];
          codes.set(style[0], style[1]);
        }
        Object.defineProperty(styles, groupName, {
          value: group,
          enumerable: false
        });
      }
      Object.defineProperty(styles, "codes", {
        value: codes,
        enumerable: false
      });
      styles.color.close = "\x1B[39m";
      styles.bgColor.close = "\x1B[49m";
      styles.color.ansi = wrapAnsi16();
      styles.color.ansi256 = wrapAnsi256();
      styles.color.ansi16m = wrapAnsi16m();
      styles.bgColor.ansi = wrapAnsi16(ANSI_BACKGROUND_OFFSET);
      styles.bgColor.ansi256 = wrapAnsi256(ANSI_BACKGROUND_OFFSET);
      styles.bgColor.ansi16m = wrapAnsi16m(ANSI_BACKGROUND_OFFSET);
      Object.defineProperties(styles, {
        rgbToAnsi256: {
          value(red, green, blue) {
            if (red === green && green === blue) {
              if (red < 8) {
                return 16;
              }
              if (red > 248) {
                return 231;
              }
              return Math.round((red - 8) / 247 * 24) + 232;
            }
            return 16 + 36 * Math.round(red / 255 * 5) + 6 * Math.round(green / 255 * 5) + Math.round(blue / 255 * 5);
          },
          enumerable: false
        },
        hexToRgb: {
          value(hex) {
            const matches = /[a-f\d]{6}|[a-f\d]{3}/i.exec(hex.toString(16));
            if (!matches) {
              return [0, 0, 0];
            }
            let [colorString] = matches;
            if (colorString.length === 3) {
              colorString = [...colorString].map((character) => character + character).join("");
            }
            const integer = Number.parseInt(colorString, 16);
            return [
              /* eslint-disable no-bitwise */
              integer >> 16 & 255,
              integer >> 8 & 255,
              integer & 255
              /* eslint-enable no-bitwise */
            ];
          },
          enumerable: false
        },
        hexToAnsi256: {
          value: (hex) => styles.rgbToAnsi256(...styles.hexToRgb(hex)),
          enumerable: false
        },
        ansi256ToAnsi: {
          value(code) {
            if (code < 8) {
              return 30 + code;
            }
            if (code < 16) {
              return 90 + (code - 8);
            }
            let red;
            let green;
            let blue;
            if (code >= 232) {
              red = ((code - 232) * 10 + 8) / 255;
              green = red;
              blue = red;
            } else {
              code -= 16;
              const remainder = code % 36;
              red = Math.floor(code / 36) / 5;
              green = Math.floor(remainder / 6) / 5;
              blue = remainder % 6 / 5;
            }
            const value4 = Math.max(red, green, blue) * 2;
            if (value4 === 0) {
              return 30;
            }
            let result = 30 + (Math.round(blue) << 2 | Math.round(green) << 1 | Math.round(red));
            if (value4 === 2) {
              result += 60;
            }
            return result;
          },
          enumerable: false
        },
        rgbToAnsi: {
          value: (red, green, blue) => styles.ansi256ToAnsi(styles.rgbToAnsi256(red, green, blue)),
          enumerable: false
        },
        hexToAnsi: {
          value: (hex) => styles.ansi256ToAnsi(styles.hexToAnsi256(hex)),
          enumerable: false
        }
      });
      return styles;
    }
    var ansiStyles = assembleStyles();
    var ansi_styles_default = ansiStyles;
    var import_node_process = __toESM2(__require("process"), 1);
    var import_node_os = __toESM2(__require("os"), 1);
    var import_node_tty = __toESM2(__require("tty"), 1);
    function hasFlag(flag, argv = globalThis.Deno ? globalThis.Deno.args : import_node_process.default.argv) {
      const prefix = flag.startsWith("-") ? "" : flag.length === 1 ? "-" : "--";
      const position = argv.indexOf(prefix + flag);
      const terminatorPosition = argv.indexOf("--");
      return position !== -1 && (terminatorPosition === -1 || position < terminatorPosition);
    }
    var { env } = import_node_process.default;
    var flagForceColor;
    if (hasFlag("no-color") || hasFlag("no-colors") || hasFlag("color=false") || hasFlag("color=never")) {
      flagForceColor = 0;
    } else if (hasFlag("color") || hasFlag("colors") || hasFlag("color=true") || hasFlag("color=always")) {
      flagForceColor = 1;
    }
    function envForceColor() {
      if ("FORCE_COLOR" in env) {
        if (env.FORCE_COLOR === "true") {
          return 1;
        }
        if (env.FORCE_COLOR === "false") {
          return 0;
        }
        return env.FORCE_COLOR.length === 0 ? 1 : Math.min(Number.parseInt(env.FORCE_COLOR, 10), 3);
      }
    }
    function translateLevel(level) {
      if (level === 0) {
        return false;
      }
      return {
        level,
        hasBasic: true,
        has256: level >= 2,
        has16m: level >= 3
      };
    }
    function _supportsColor(haveStream, { streamIsTTY, sniffFlags = true } = {}) {
      const noFlagForceColor = envForceColor();
      if (noFlagForceColor !== void 0) {
        flagForceColor = noFlagForceColor;
      }
      const forceColor = sniffFlags ? flagForceColor : noFlagForceColor;
      if (forceColor === 0) {
        return 0;
      }
      if (sniffFlags) {
        if (hasFlag("color=16m") || hasFlag("color=full") || hasFlag("color=truecolor")) {
          return 3;
        }
        if (hasFlag("color=256")) {
          return 2;
        }
      }
      if ("TF_BUILD" in env && "AGENT_NAME" in env) {
        return 1;
      }
      if (haveStream && !streamIsTTY && forceColor === void 0) {
        return 0;
      }
      const min = forceColor || 0;
      if (env.TERM === "dumb") {
        return min;
      }
      if (import_node_process.default.platform === "win32") {
        const osRelease = import_node_os.default.release().split(".");
        if (Number(osRelease[0]) >= 10 && Number(osRelease[2]) >= 10586) {
          return Number(osRelease[2]) >= 14931 ? 3 : 2;
        }
        return 1;
      }
      if ("CI" in env) {
        if (["GITHUB_ACTIONS", "GITEA_ACTIONS", "CIRCLECI"].some((key) => key in env)) {
          return 3;
        }
        if (["TRAVIS", "APPVEYOR", "GITLAB_CI", "BUILDKITE", "DRONE"].some((sign) => sign in env) || env.CI_NAME === "codeship") {
          return 1;
        }
        return min;
      }
      if ("TEAMCITY_VERSION" in env) {
        return /^(9\.(0*[1-9]\d*)\.|\d{2,}\.)/.test(env.TEAMCITY_VERSION) ? 1 : 0;
      }
      if (env.COLORTERM === "truecolor") {
        return 3;
      }
      if (env.TERM === "xterm-kitty") {
        return 3;
      }
      if (env.TERM === "xterm-ghostty") {
        return 3;
      }
      if (env.TERM === "wezterm") {
        return 3;
      }
      if ("TERM_PROGRAM" in env) {
        const version = Number.parseInt((env.TERM_PROGRAM_VERSION || "").split(".")[0], 10);
        switch (env.TERM_PROGRAM) {
          case "iTerm.app": {
            return version >= 3 ? 3 : 2;
          }
          case "Apple_Terminal": {
            return 2;
          }
        }
      }
      if (/-256(color)?$/i.test(env.TERM)) {
        return 2;
      }
      if (/^screen|^xterm|^vt100|^vt220|^rxvt|color|ansi|cygwin|linux/i.test(env.TERM)) {
        return 1;
      }
      if ("COLORTERM" in env) {
        return 1;
      }
      return min;
    }
    function createSupportsColor(stream, options = {}) {
      const level = _supportsColor(stream, __spreadValues({
        streamIsTTY: stream && stream.isTTY
      }, options));
      return translateLevel(level);
    }
    var supportsColor = {
      stdout: createSupportsColor({ isTTY: import_node_tty.default.isatty(1) }),
      stderr: createSupportsColor({ isTTY: import_node_tty.default.isatty(2) })
    };
    var supports_color_default = supportsColor;
    function stringReplaceAll(string, substring, replacer) {
      let index = string.indexOf(substring);
      if (index === -1) {
        return string;
      }
      const substringLength = substring.length;
      let endIndex = 0;
      let returnValue = "";
      do {
        returnValue += string.slice(endIndex, index) + substring + replacer;
        endIndex = index + substringLength;
        index = string.indexOf(substring, endIndex);
      } while (index !== -1);
      returnValue += string.slice(endIndex);
      return returnValue;
    }
    function stringEncaseCRLFWithFirstIndex(string, prefix, postfix, index) {
      let endIndex = 0;
      let returnValue = "";
      do {
        const gotCR = string[index - 1] === "\r";
        returnValue += string.slice(endIndex, gotCR ? index - 1 : index) + prefix + (gotCR ? "\r\n" : "\n") + postfix;
        endIndex = index + 1;
        index = string.indexOf("\n", endIndex);
      } while (index !== -1);
      returnValue += string.slice(endIndex);
      return returnValue;
    }
    var { stdout: stdoutColor, stderr: stderrColor } = supports_color_default;
    var GENERATOR = /* @__PURE__ */ Symbol("GENERATOR");
    var STYLER = /* @__PURE__ */ Symbol("STYLER");
    var IS_EMPTY = /* @__PURE__ */ Symbol("IS_EMPTY");
    var levelMapping = [
      "ansi",
      "ansi",
      "ansi256",
      "ansi16m"
    ];
    var styles2 = /* @__PURE__ */ Object.create(null);
    var applyOptions = (object, options = {}) => {
      if (options.level && !(Number.isInteger(options.level) && options.level >= 0 && options.level <= 3)) {
        throw new Error("The `level` option should be an integer from 0 to 3");
      }
      const colorLevel = stdoutColor ? stdoutColor.level : 0;
      object.level = options.level === void 0 ? colorLevel : options.level;
    };
    var chalkFactory = (options) => {
      const chalk32 = (...strings) => strings.join(" ");
      applyOptions(chalk32, options);
      Object.setPrototypeOf(chalk32, createChalk.prototype);
      return chalk32;
    };
    function createChalk(options) {
      return chalkFactory(options);
    }
    Object.setPrototypeOf(createChalk.prototype, Function.prototype);
    for (const [styleName, style] of Object.entries(ansi_styles_default)) {
      styles2[styleName] = {
        get() {
          const builder = createBuilder(this, createStyler(style.open, style.close, this[STYLER]), this[IS_EMPTY]);
          Object.defineProperty(this, styleName, { value: builder });
          return builder;
        }
      };
    }
    styles2.visible = {
      get() {
        const builder = createBuilder(this, this[STYLER], true);
        Object.defineProperty(this, "visible", { value: builder });
        return builder;
      }
    };
    var getModelAnsi = (model, level, type, ...arguments_) => {
      if (model === "rgb") {
        if (level === "ansi16m") {
          return ansi_styles_default[type].ansi16m(...arguments_);
        }
        if (level === "ansi256") {
          return ansi_styles_default[type].ansi256(ansi_styles_default.rgbToAnsi256(...arguments_));
        }
        return ansi_styles_default[type].ansi(ansi_styles_default.rgbToAnsi(...arguments_));
      }
      if (model === "hex") {
        return getModelAnsi("rgb", level, type, ...ansi_styles_default.hexToRgb(...arguments_));
      }
      return ansi_styles_default[type][model](...arguments_);
    };
    var usedModels = ["rgb", "hex", "ansi256"];
    for (const model of usedModels) {
      styles2[model] = {
        get() {
          const { level } = this;
          return function(...arguments_) {
            const styler = createStyler(getModelAnsi(model, levelMapping[level], "color", ...arguments_), ansi_styles_default.color.close, this[STYLER]);
            return createBuilder(this, styler, this[IS_EMPTY]);
          };
        }
      };
      const bgModel = "bg" + model[0].toUpperCase() + model.slice(1);
      styles2[bgModel] = {
        get() {
          const { level } = this;
          return function(...arguments_) {
            const styler = createStyler(getModelAnsi(model, levelMapping[level], "bgColor", ...arguments_), ansi_styles_default.bgColor.close, this[STYLER]);
            return createBuilder(this, styler, this[IS_EMPTY]);
          };
        }
      };
    }
    var proto = Object.defineProperties(() => {
    }, __spreadProps(__spreadValues({}, styles2), {
      level: {
        enumerable: true,
        get() {
          return this[GENERATOR].level;
        },
        set(level) {
          this[GENERATOR].level = level;
        }
      }
    }));
    var createStyler = (open, close, parent) => {
      let openAll;
      let closeAll;
      if (parent === void 0) {
        openAll = open;
        closeAll = close;
      } else {
        openAll = parent.openAll + open;
        closeAll = close + parent.closeAll;
      }
      return {
        open,
        close,
        openAll,
        closeAll,
        parent
      };
    };
    var createBuilder = (self2, _styler, _isEmpty) => {
      const builder = (...arguments_) => applyStyle(builder, arguments_.length === 1 ? "" + arguments_[0] : arguments_.join(" "));
      Object.setPrototypeOf(builder, proto);
      builder[GENERATOR] = self2;
      builder[STYLER] = _styler;
      builder[IS_EMPTY] = _isEmpty;
      return builder;
    };
    var applyStyle = (self2, string) => {
      if (self2.level <= 0 || !string) {
        return self2[IS_EMPTY] ? "" : string;
      }
      let styler = self2[STYLER];
      if (styler === void 0) {
        return string;
      }
      const { openAll, closeAll } = styler;
      if (string.includes("\x1B")) {
        while (styler !== void 0) {
          string = stringReplaceAll(string, styler.close, styler.open);
          styler = styler.parent;
        }
      }
      const lfIndex = string.indexOf("\n");
      if (lfIndex !== -1) {
        string = stringEncaseCRLFWithFirstIndex(string, closeAll, openAll, lfIndex);
      }
      return openAll + string + closeAll;
    };
    Object.defineProperties(createChalk.prototype, styles2);
    var chalk3 = createChalk();
    var chalkStderr = createChalk({ level: stderrColor ? stderrColor.level : 0 });
    var source_default = chalk3;
    var import_which = __toESM2(require_lib(), 1);
    var import_node_process4 = __toESM2(__require("process"), 1);
    var import_node_fs2 = __toESM2(__require("fs"), 1);
    var import_node_os2 = __toESM2(__require("os"), 1);
    var EOL = /\r?\n|\r|\n/;
    var EMPTY = "-";
    var parseLine = (line, sep2 = " ") => {
      if (typeof line !== "string") throw new Error("parseLine: line must be a string");
      const result = {
        spaces: [],
        words: []
      };
      const capture = () => {
        if (word) {
          result.words.push({
            s,
            e: s + word.length - 1,
            w: word
          });
          word = "";
          s = -1;
        }
      };
      let bb;
      let word = "";
      let s = -1;
      for (const i in [...line]) {
        const prev = line[+i - 1];
        const char = line[i];
        if (bb) {
          word += char;
          if (char === bb && prev !== "\\") {
            bb = void 0;
          }
          continue;
        }
        if (char === sep2) {
          result.spaces.push(+i);
          capture();
          continue;
        }
        if (s === -1) s = +i;
        if (char === '"' || char === "'") bb = char;
        word += char;
      }
      capture();
      return result;
    };
    var parseLines = (input2, sep2) => input2.split(EOL).filter(Boolean).map((l) => parseLine(l, sep2));
    var countWordsByIndex = ({ words }, index) => words.filter(({ e }) => e < index).length;
    var getBorders = (lines) => lines[0].spaces.reduce((m, i) => {
      const c = countWordsByIndex(lines[0], i);
      if (lines.every((l) => l.spaces.includes(i) && c === countWordsByIndex(l, i))) {
        m.push(i);
      }
      return m;
    }, []);
    var parseUnixGrid = (input2) => {
      const lines = parseLines(input2);
      const borders = getBorders(lines);
      const _borders = [Number.NEGATIVE_INFINITY, ...borders, Number.POSITIVE_INFINITY];
      const grid = [];
      for (const { words } of lines) {
        const row = [];
        grid.push(row);
        for (const n in words) {
          const { w, s, e } = words[n];
          for (const _b in _borders) {
            const a = _borders[+_b];
            const b = _borders[+_b + 1];
            if (b === void 0) break;
            const block = row[_b] || (row[_b] = []);
            if (s > a && e < b) block.push(w);
          }
        }
      }
      return gridToData(grid);
    };
    var gridToData = (grid) => {
      const data = [];
      const [headers, ...body] = grid;
      for (const row of body) {
        const entry = {};
        data.push(entry);
        for (const i in headers) {
          const keys = headers[i];
          if (keys.length === 0) continue;
          if (keys.length > row[i].length) {
            throw new Error("Malformed grid: row has more columns than headers");
          }
          for (const k in keys) {
            const key = keys[k];
            const to = +k + 1 === keys.length ? Number.POSITIVE_INFINITY : +k + 1;
            entry[key] = row[i].slice(+k, to);
          }
        }
      }
      return data;
    };
    var parseWinGrid = (input2, debug = false) => {
      const lines = input2.split(/\r*\n+/).filter(Boolean);
      const headline = lines.shift();
      const headers = headline.trim().split(/\s\s+/);
      const hl = headers.length;
      const ll = headline.length;
      if (debug) {
        console.log("Headers:", headers);
        console.log("Line lengths:", lines.map((l) => l.length));
      }
      if (lines.every((l) => ll / l.length < 2)) {
        const spaces = Array.from({ length: ll }).map(
          (_, i) => lines.every((l) => l[i] === " ")
        );
        const borders = spaces.reduce((m, v, i, a) => {
          if (v && !a[i - 1]) m.push(i);
          return m;
        }, [0]);
        const data2 = [];
        debug && console.log("Borders:", borders);
        for (const line of lines) {
          const props = [];
          for (const i in headers) {
            const k = headers[i];
            const s = borders[i];
            const e = borders[+i + 1] || ll;
            const v = line.slice(s, e).trim();
            props.push([k, [v || EMPTY]]);
          }
          data2.push(Object.fromEntries(props));
        }
        return data2;
      }
      let w = "";
      let p;
      const body = input2.slice(headline.length);
      const vals = [];
      const data = [];
      const cap = (v) => {
        const _v = w.trim() || (vals.length === 0 ? v : w.trim());
        if (!_v) return;
        vals.push(_v);
        if (vals.length === hl) {
          data.push(Object.fromEntries(headers.map((h, i) => [h, [vals[i]]])));
          vals.length = 0;
        }
        w = "";
      };
      for (const c of body) {
        w += c;
        if (c === " ") {
          if (p === "\n") {
            cap(EMPTY);
          } else if (p === " ") {
            cap();
          }
        } else if (c === "\n") {
          cap();
        }
        p = c;
      }
      cap();
      return data;
    };
    var parsers = {
      unix: parseUnixGrid,
      win: parseWinGrid
    };
    var parse3 = (input2, { format = "unix", debug = false } = {}) => {
      const parser = parsers[format];
      if (!parser) throw new Error(`unsupported format: ${format}`);
      return parser(input2, debug);
    };
    var cp = __toESM2(__require("child_process"), 1);
    var import_node_process3 = __toESM2(__require("process"), 1);
    var import_node_events = __toESM2(__require("events"), 1);
    var import_node_stream = __require("stream");
    var import_node_process2 = __toESM2(__require("process"), 1);
    var g = !import_node_process2.default.versions.deno && global || globalThis;
    var immediate = g.setImmediate || ((f) => g.setTimeout(f, 0));
    var noop4 = () => {
    };
    var randomId = () => Math.random().toString(36).slice(2);
    var isPromiseLike = (value4) => typeof (value4 == null ? void 0 : value4.then) === "function";
    var isStringLiteral2 = (pieces, ...rest) => {
      var _a;
      return (pieces == null ? void 0 : pieces.length) > 0 && ((_a = pieces.raw) == null ? void 0 : _a.length) === pieces.length && // Object.isFrozen(pieces) &&
      rest.length + 1 === pieces.length;
    };
    var assign = (target, ...extras) => Object.defineProperties(target, extras.reduce((m, extra) => __spreadValues(__spreadValues({}, m), Object.fromEntries(Object.entries(Object.getOwnPropertyDescriptors(extra)).filter(([, v]) => !Object.prototype.hasOwnProperty.call(v, "value") || v.value !== void 0))), {}));
    var buildCmd = (quote22, pieces, args, subs = substitute) => {
      if (args.some(isPromiseLike))
        return Promise.all(args).then((args2) => buildCmd(quote22, pieces, args2, subs));
      let cmd = pieces[0], i = 0;
      while (i < args.length) {
        const s = Array.isArray(args[i]) ? args[i].map((x) => quote22(subs(x))).join(" ") : quote22(subs(args[i]));
        cmd += s + pieces[++i];
      }
      return cmd;
    };
    var substitute = (arg) => typeof (arg == null ? void 0 : arg.stdout) === "string" ? arg.stdout.replace(/\n$/, "") : `${arg}`;
    var defaults2 = {
      get id() {
        return randomId();
      },
      cmd: "",
      get cwd() {
        return import_node_process3.default.cwd();
      },
      sync: false,
      args: [],
      input: null,
      env: import_node_process3.default.env,
      get ee() {
        return new import_node_events.default();
      },
      get ac() {
        return g.AbortController && new AbortController();
      },
      get signal() {
        var _a;
        return (_a = this.ac) == null ? void 0 : _a.signal;
      },
      on: {},
      detached: import_node_process3.default.platform !== "win32",
      shell: true,
      spawn: cp.spawn,
      spawnSync: cp.spawnSync,
      spawnOpts: {},
      get store() {
        return createStore();
      },
      callback: noop4,
      get stdin() {
        return new VoidStream();
      },
      get stdout() {
        return new VoidStream();
      },
      get stderr() {
        return new VoidStream();
      },
      stdio: ["pipe", "pipe", "pipe"],
      run: immediate,
      stack: ""
    };
    var normalizeCtx = (...ctxs) => assign(
      __spreadValues({}, defaults2),
      { get signal() {
        var _a;
        return (_a = this.ac) == null ? void 0 : _a.signal;
      } },
      ...ctxs
    );
    var processInput = (child, input2) => {
      if (input2 && child.stdin && !child.stdin.destroyed) {
        if (input2 instanceof import_node_stream.Readable) {
          input2.pipe(child.stdin);
        } else {
          child.stdin.write(input2);
          child.stdin.end();
        }
      }
    };
    var VoidStream = class extends import_node_stream.Transform {
      _transform(chunk, _, cb) {
        this.emit("data", chunk);
        cb();
      }
    };
    var buildSpawnOpts = ({ spawnOpts, stdio, cwd, shell: shell2, input: input2, env: env2, detached, signal }) => __spreadProps(__spreadValues({}, spawnOpts), {
      env: env2,
      cwd,
      stdio,
      shell: shell2,
      input: input2,
      windowsHide: true,
      detached,
      signal
    });
    var toggleListeners = (pos, ee, on = {}) => {
      for (const [name, listener] of Object.entries(on)) {
        ee[pos](name, listener);
      }
      if (pos === "on")
        ee.once("end", () => toggleListeners("off", ee, on));
    };
    var createStore = () => ({
      stdout: [],
      stderr: [],
      stdall: []
    });
    var invoke = (c) => {
      var _a, _b;
      const now = Date.now();
      const stdio = [c.stdin, c.stdout, c.stderr];
      const push = (kind, data) => {
        c.store[kind].push(data);
        c.store.stdall.push(data);
        c.ee.emit(kind, data, c);
        c.ee.emit("stdall", data, c);
      };
      try {
        if (c.sync) {
          toggleListeners("on", c.ee, c.on);
          const opts = buildSpawnOpts(c);
          const r = c.spawnSync(c.cmd, c.args, opts);
          c.ee.emit("start", r, c);
          if (((_a = r.stdout) == null ? void 0 : _a.length) > 0) {
            c.stdout.write(r.stdout);
            push("stdout", r.stdout);
          }
          if (((_b = r.stderr) == null ? void 0 : _b.length) > 0) {
            c.stderr.write(r.stderr);
            push("stderr", r.stderr);
          }
          c.callback(null, c.fulfilled = __spreadProps(__spreadValues({}, r), {
            get stdout() {
              return c.store.stdout.join("");
            },
            get stderr() {
              return c.store.stderr.join("");
            },
            get stdall() {
              return c.store.stdall.join("");
            },
            stdio,
            duration: Date.now() - now,
            ctx: c
          }));
          c.ee.emit("end", c.fulfilled, c);
        } else {
          c.run(() => {
            var _a2, _b2, _c;
            toggleListeners("on", c.ee, c.on);
            let error = null;
            let aborted = false;
            const opts = buildSpawnOpts(c);
            const child = c.spawn(c.cmd, c.args, opts);
            const onAbort = (event) => {
              if (opts.detached && child.pid) {
                try {
                  import_node_process3.default.kill(-child.pid);
                } catch (e) {
                  child.kill();
                }
              }
              aborted = true;
              c.ee.emit("abort", event, c);
            };
            c.child = child;
            c.ee.emit("start", child, c);
            (_a2 = opts.signal) == null ? void 0 : _a2.addEventListener("abort", onAbort);
            processInput(child, c.input || c.stdin);
            (_b2 = child.stdout) == null ? void 0 : _b2.on("data", (d) => {
              push("stdout", d);
            }).pipe(c.stdout);
            (_c = child.stderr) == null ? void 0 : _c.on("data", (d) => {
              push("stderr", d);
            }).pipe(c.stderr);
            child.once("error", (e) => {
              error = e;
              c.ee.emit("err", error, c);
            }).once("exit", () => {
              var _a3, _b3;
              if (aborted) {
                (_a3 = child.stdout) == null ? void 0 : _a3.destroy();
                (_b3 = child.stderr) == null ? void 0 : _b3.destroy();
              }
            }).once("close", (status, signal) => {
              var _a3;
              c.fulfilled = {
                error,
                status,
                signal,
                get stdout() {
                  return c.store.stdout.join("");
                },
                get stderr() {
                  return c.store.stderr.join("");
                },
                get stdall() {
                  return c.store.stdall.join("");
                },
                stdio,
                duration: Date.now() - now,
                ctx: c
              };
              (_a3 = opts.signal) == null ? void 0 : _a3.removeEventListener("abort", onAbort);
              c.callback(error, c.fulfilled);
              c.ee.emit("end", c.fulfilled, c);
            });
          }, c);
        }
      } catch (error) {
        c.callback(
          error,
          c.fulfilled = {
            error,
            status: null,
            signal: null,
            stdout: "",
            stderr: "",
            stdall: "",
            stdio,
            duration: Date.now() - now,
            ctx: c
          }
        );
        c.ee.emit("err", error, c);
        c.ee.emit("end", c.fulfilled, c);
      }
      return c;
    };
    var exec = (ctx) => invoke(normalizeCtx(ctx));
    var IS_WIN = import_node_process4.default.platform === "win32";
    var IS_WIN2025_PLUS = IS_WIN && Number.parseInt(import_node_os2.default.release().split(".")[2], 10) >= 26e3;
    var LOOKUPS = {
      wmic: {
        cmd: "wmic process get ProcessId,ParentProcessId,CommandLine",
        args: [],
        parse(stdout) {
          return parse3(removeWmicPrefix(stdout), { format: "win" });
        }
      },
      ps: {
        cmd: "ps",
        args: ["-lx"],
        parse(stdout) {
          return parse3(stdout, { format: "unix" });
        }
      },
      pwsh: {
        cmd: "pwsh",
        args: ["-NoProfile", "-Command", '"Get-CimInstance Win32_Process | Select-Object ProcessId,ParentProcessId,CommandLine | ConvertTo-Json -Compress"'],
        parse(stdout) {
          let arr = [];
          try {
            arr = JSON.parse(stdout);
          } catch (e) {
            return [];
          }
          return arr.map((p) => ({
            ProcessId: [p.ProcessId + ""],
            ParentProcessId: [p.ParentProcessId + ""],
            CommandLine: p.CommandLine ? [p.CommandLine] : []
          }));
        }
      }
    };
    var isBin = (f) => {
      if (f === "") return false;
      if (!f.includes("/") && !f.includes("\\")) return true;
      if (f.length > 3 && f[0] === '"')
        return f[f.length - 1] === '"' ? isBin(f.slice(1, -1)) : false;
      try {
        if (!import_node_fs2.default.existsSync(f)) return false;
        const stat = import_node_fs2.default.lstatSync(f);
        return stat.isFile() || stat.isSymbolicLink();
      } catch (e) {
        return false;
      }
    };
    var lookup = (query = {}, cb = noop22) => _lookup({ query, cb, sync: false });
    var lookupSync = (query = {}, cb = noop22) => _lookup({ query, cb, sync: true });
    lookup.sync = lookupSync;
    var _lookup = ({
      query = {},
      cb = noop22,
      sync = false
    }) => {
      const pFactory = sync ? makePseudoDeferred.bind(null, []) : makeDeferred;
      const { promise, resolve, reject } = pFactory();
      const result = [];
      const lookupFlow = IS_WIN ? IS_WIN2025_PLUS ? "pwsh" : "wmic" : "ps";
      const {
        parse: parse22,
        cmd,
        args
      } = LOOKUPS[lookupFlow];
      const callback = (err, { stdout }) => {
        if (err) {
          reject(err);
          cb(err);
          return;
        }
        result.push(...filterProcessList(normalizeOutput(parse22(stdout)), query));
        resolve(result);
        cb(null, result);
      };
      exec({
        cmd,
        args,
        callback,
        sync,
        run(cb2) {
          cb2();
        }
      });
      return Object.assign(promise, result);
    };
    var filterProcessList = (processList, query = {}) => {
      const pidList = (query.pid === void 0 ? [] : [query.pid].flat(1)).map((v) => v + "");
      const filters = [
        (p) => query.command ? new RegExp(query.command, "i").test(p.command) : true,
        (p) => query.arguments ? new RegExp(query.arguments, "i").test(p.arguments.join(" ")) : true,
        (p) => query.ppid ? query.ppid + "" === p.ppid : true
      ];
      return processList.filter(
        (p) => (pidList.length === 0 || pidList.includes(p.pid)) && filters.every((f) => f(p))
      );
    };
    var removeWmicPrefix = (stdout) => {
      const s = stdout.indexOf(LOOKUPS.wmic.cmd + import_node_os2.default.EOL);
      const e = stdout.includes(">") ? stdout.trimEnd().lastIndexOf(import_node_os2.default.EOL) : stdout.length;
      return (s > 0 ? stdout.slice(s + LOOKUPS.wmic.cmd.length, e) : stdout.slice(0, e)).trimStart();
    };
    var pickTree = (list, pid, recursive = false) => {
      const children = list.filter((p) => p.ppid === pid + "");
      return [
        ...children,
        ...children.flatMap((p) => recursive ? pickTree(list, p.pid, true) : [])
      ];
    };
    var _tree = ({
      cb = noop22,
      opts,
      sync = false
    }) => {
      if (typeof opts === "string" || typeof opts === "number") {
        return _tree({ opts: { pid: opts }, cb, sync });
      }
      const onError = (err) => cb(err);
      const onData = (all) => {
        if (opts === void 0) return all;
        const { pid, recursive = false } = opts;
        const list = pickTree(all, pid, recursive);
        cb(null, list);
        return list;
      };
      try {
        const all = _lookup({ sync });
        return sync ? onData(all) : all.then(onData, (err) => {
          onError(err);
          throw err;
        });
      } catch (err) {
        onError(err);
        return Promise.reject(err);
      }
    };
    var tree = (opts, cb) => __async(null, null, function* () {
      return _tree({ opts, cb });
    });
    var treeSync = (opts, cb) => _tree({ opts, cb, sync: true });
    tree.sync = treeSync;
    var kill2 = (pid, opts, next) => {
      if (typeof opts == "function") {
        return kill2(pid, void 0, opts);
      }
      if (typeof opts == "string" || typeof opts == "number") {
        return kill2(pid, { signal: opts }, next);
      }
      const { promise, resolve, reject } = makeDeferred();
      const {
        timeout = 30,
        signal = "SIGTERM"
      } = opts || {};
      try {
        import_node_process4.default.kill(+pid, signal);
      } catch (e) {
        reject(e);
        next == null ? void 0 : next(e);
        return promise;
      }
      let checkConfident = 0;
      let checkTimeoutTimer;
      let checkIsTimeout = false;
      const checkKilled = (finishCallback) => lookup({ pid }, (err, list = []) => {
        if (checkIsTimeout) return;
        if (err) {
          clearTimeout(checkTimeoutTimer);
          reject(err);
          finishCallback == null ? void 0 : finishCallback(err, pid);
        } else if (list.length > 0) {
          checkConfident = checkConfident - 1 || 0;
          checkKilled(finishCallback);
        } else {
          checkConfident++;
          if (checkConfident === 5) {
            clearTimeout(checkTimeoutTimer);
            resolve(pid);
            finishCallback == null ? void 0 : finishCallback(null, pid);
          } else {
            checkKilled(finishCallback);
          }
        }
      });
      if (next) {
        checkKilled(next);
        checkTimeoutTimer = setTimeout(() => {
          checkIsTimeout = true;
          next(new Error("Kill process timeout"));
        }, timeout * 1e3);
      } else {
        resolve(pid);
      }
      return promise;
    };
    var normalizeOutput = (data) => data.reduce((m, d) => {
      var _a, _b;
      const pid = (_a = d.PID || d.ProcessId) == null ? void 0 : _a[0];
      const ppid = (_b = d.PPID || d.ParentProcessId) == null ? void 0 : _b[0];
      const _cmd = d.CMD || d.CommandLine || d.COMMAND || [];
      const cmd = _cmd.length === 1 ? _cmd[0].split(/\s+/) : _cmd;
      if (pid && cmd.length > 0) {
        const c = cmd.findIndex((_v, i) => isBin(cmd.slice(0, i).join(" ")));
        const command = (c === -1 ? cmd : cmd.slice(0, c)).join(" ");
        const args = c === -1 ? [] : cmd.slice(c);
        m.push({
          pid,
          ppid,
          command,
          arguments: args
        });
      }
      return m;
    }, []);
    var makeDeferred = () => {
      let resolve;
      let reject;
      const promise = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { resolve, reject, promise };
    };
    var makePseudoDeferred = (r = {}) => ({
      promise: r,
      resolve: identity,
      reject(e) {
        throw e;
      }
    });
    var noop22 = () => {
    };
    var identity = (v) => v;
    var index_default = { kill: kill2, lookup, lookupSync, tree, treeSync };
    var import_internals = require_internals();
    var chalk22 = import_internals.bus.wrap("chalk", source_default);
    var which3 = import_internals.bus.wrap("which", import_which.default);
    var ps3 = import_internals.bus.wrap("ps", index_default);
  }
});

// node_modules/zx/build/util.cjs
var require_util = __commonJS({
  "node_modules/zx/build/util.cjs"(exports, module) {
    "use strict";
    var {
      __spreadValues,
      __spreadProps,
      __export: __export2,
      __toESM: __toESM2,
      __toCommonJS
    } = require_esblib();
    var util_exports = {};
    __export2(util_exports, {
      bufArrJoin: () => bufArrJoin,
      bufToString: () => bufToString,
      getLast: () => getLast,
      getLines: () => getLines,
      identity: () => identity,
      isString: () => isString,
      isStringLiteral: () => import_vendor_core.isStringLiteral,
      iteratorToArray: () => iteratorToArray,
      noop: () => noop4,
      once: () => once,
      parseBool: () => parseBool,
      parseDuration: () => parseDuration,
      preferLocalBin: () => preferLocalBin,
      proxyOverride: () => proxyOverride,
      quote: () => quote3,
      quotePowerShell: () => quotePowerShell3,
      randomId: () => randomId,
      toCamelCase: () => toCamelCase
    });
    module.exports = __toCommonJS(util_exports);
    var import_node_path = __toESM2(__require("path"), 1);
    var import_node_process = __toESM2(__require("process"), 1);
    var import_vendor_core = require_vendor_core();
    function noop4() {
    }
    function identity(v) {
      return v;
    }
    function randomId() {
      return Math.random().toString(36).slice(2);
    }
    function isString(obj) {
      return typeof obj === "string";
    }
    var utf8Decoder = new TextDecoder("utf-8");
    var bufToString = (buf) => isString(buf) ? buf : utf8Decoder.decode(buf);
    var bufArrJoin = (arr) => arr.reduce((acc, buf) => acc + bufToString(buf), "");
    var getLast = (arr) => arr[arr.length - 1];
    function preferLocalBin(env, ...dirs) {
      const pathKey = import_node_process.default.platform === "win32" ? Object.keys(env).reverse().find((key) => key.toUpperCase() === "PATH") || "Path" : "PATH";
      const pathValue = dirs.map(
        (c) => c && [
          import_node_path.default.resolve(c, "node_modules", ".bin"),
          import_node_path.default.resolve(c)
        ]
      ).flat().concat(env[pathKey]).filter(Boolean).join(import_node_path.default.delimiter);
      return __spreadProps(__spreadValues({}, env), {
        [pathKey]: pathValue
      });
    }
    function quote3(arg) {
      if (arg === "") return `$''`;
      if (/^[\w/.\-@:=]+$/.test(arg)) return arg;
      return `$'` + arg.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\f/g, "\\f").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t").replace(/\v/g, "\\v").replace(/\0/g, "\\0") + `'`;
    }
    function quotePowerShell3(arg) {
      if (arg === "") return `''`;
      if (/^[\w/.\-]+$/.test(arg)) return arg;
      return `'` + arg.replace(/'/g, "''") + `'`;
    }
    function parseDuration(d) {
      if (typeof d === "number") {
        if (isNaN(d) || d < 0) throw new Error(`Invalid duration: "${d}".`);
        return d;
      }
      const [m, v, u] = d.match(/^(\d+)(m?s?)$/) || [];
      if (!m) throw new Error(`Unknown duration: "${d}".`);
      return +v * ({ s: 1e3, ms: 1, m: 6e4 }[u] || 1);
    }
    var once = (fn) => {
      let called = false;
      let result;
      return (...args) => called ? result : (called = true, result = fn(...args));
    };
    var proxyOverride = (origin, ...fallbacks) => new Proxy(origin, {
      get(target, key) {
        var _a, _b;
        return (_b = (_a = fallbacks.find((f) => key in f)) == null ? void 0 : _a[key]) != null ? _b : Reflect.get(target, key);
      }
    });
    var toCamelCase = (str) => str.toLowerCase().replace(/([a-z])[_-]+([a-z])/g, (_, p1, p2) => p1 + p2.toUpperCase());
    var parseBool = (v) => v === "true" || v !== "false" && v;
    var getLines = (chunk, next, delimiter) => {
      const lines = ((next.pop() || "") + bufToString(chunk)).split(delimiter);
      next.push(lines.pop());
      return lines;
    };
    var iteratorToArray = (it) => {
      const arr = [];
      let entry;
      while (!(entry = it.next()).done) arr.push(entry.value);
      return arr;
    };
  }
});

// node_modules/zx/build/core.cjs
var require_core = __commonJS({
  "node_modules/zx/build/core.cjs"(exports, module) {
    "use strict";
    var {
      __spreadValues,
      __spreadProps,
      __export: __export2,
      __toESM: __toESM2,
      __toCommonJS,
      __async,
      __await,
      __asyncGenerator,
      __yieldStar,
      __forAwait
    } = require_esblib();
    var core_exports2 = {};
    __export2(core_exports2, {
      $: () => $2,
      Fail: () => Fail2,
      ProcessOutput: () => ProcessOutput2,
      ProcessPromise: () => ProcessPromise2,
      bus: () => import_internals.bus,
      cd: () => cd2,
      chalk: () => import_vendor_core3.chalk,
      defaults: () => defaults2,
      kill: () => kill2,
      log: () => log2,
      os: () => os2,
      path: () => import_node_path.default,
      ps: () => import_vendor_core3.ps,
      quote: () => import_util2.quote,
      quotePowerShell: () => import_util2.quotePowerShell,
      resolveDefaults: () => resolveDefaults2,
      syncProcessCwd: () => syncProcessCwd2,
      useBash: () => useBash2,
      usePowerShell: () => usePowerShell2,
      usePwsh: () => usePwsh2,
      which: () => import_vendor_core3.which,
      within: () => within2
    });
    module.exports = __toCommonJS(core_exports2);
    var import_node_async_hooks2 = __require("async_hooks");
    var import_node_buffer = __require("buffer");
    var import_node_child_process = __toESM2(__require("child_process"), 1);
    var import_node_events = __require("events");
    var import_node_fs2 = __toESM2(__require("fs"), 1);
    var import_node_os = __require("os");
    var import_node_process2 = __toESM2(__require("process"), 1);
    var import_node_util2 = __require("util");
    var EXIT_CODES = {
      2: "Misuse of shell builtins",
      126: "Invoked command cannot execute",
      127: "Command not found",
      128: "Invalid exit argument",
      129: "Hangup",
      130: "Interrupt",
      131: "Quit and dump core",
      132: "Illegal instruction",
      133: "Trace/breakpoint trap",
      134: "Process aborted",
      135: 'Bus error: "access to undefined portion of memory object"',
      136: 'Floating point exception: "erroneous arithmetic operation"',
      137: "Kill (terminate immediately)",
      138: "User-defined 1",
      139: "Segmentation violation",
      140: "User-defined 2",
      141: "Write to pipe with no one reading",
      142: "Signal raised by alarm",
      143: "Termination (request to terminate)",
      145: "Child process terminated, stopped (or continued*)",
      146: "Continue if stopped",
      147: "Stop executing temporarily",
      148: "Terminal stop signal",
      149: 'Background process attempting to read from tty ("in")',
      150: 'Background process attempting to write to tty ("out")',
      151: "Urgent data available on socket",
      152: "CPU time limit exceeded",
      153: "File size limit exceeded",
      154: 'Signal raised by timer counting virtual time: "virtual timer expired"',
      155: "Profiling timer expired",
      157: "Pollable event",
      159: "Bad syscall"
    };
    var ERRNO_CODES = {
      0: "Success",
      1: "Not super-user",
      2: "No such file or directory",
      3: "No such process",
      4: "Interrupted system call",
      5: "I/O error",
      6: "No such device or address",
      7: "Arg list too long",
      8: "Exec format error",
      9: "Bad file number",
      10: "No children",
      11: "No more processes",
      12: "Not enough core",
      13: "Permission denied",
      14: "Bad address",
      15: "Block device required",
      16: "Mount device busy",
      17: "File exists",
      18: "Cross-device link",
      19: "No such device",
      20: "Not a directory",
      21: "Is a directory",
      22: "Invalid argument",
      23: "Too many open files in system",
      24: "Too many open files",
      25: "Not a typewriter",
      26: "Text file busy",
      27: "File too large",
      28: "No space left on device",
      29: "Illegal seek",
      30: "Read only file system",
      31: "Too many links",
      32: "Broken pipe",
      33: "Math arg out of domain of func",
      34: "Math result not representable",
      35: "File locking deadlock error",
      36: "File or path name too long",
      37: "No record locks available",
      38: "Function not implemented",
      39: "Directory not empty",
      40: "Too many symbolic links",
      42: "No message of desired type",
      43: "Identifier removed",
      44: "Channel number out of range",
      45: "Level 2 not synchronized",
      46: "Level 3 halted",
      47: "Level 3 reset",
      48: "Link number out of range",
      49: "Protocol driver not attached",
      50: "No CSI structure available",
      51: "Level 2 halted",
      52: "Invalid exchange",
      53: "Invalid request descriptor",
      54: "Exchange full",
      55: "No anode",
      56: "Invalid request code",
      57: "Invalid slot",
      59: "Bad font file fmt",
      60: "Device not a stream",
      61: "No data (for no delay io)",
      62: "Timer expired",
      63: "Out of streams resources",
      64: "Machine is not on the network",
      65: "Package not installed",
      66: "The object is remote",
      67: "The link has been severed",
      68: "Advertise error",
      69: "Srmount error",
      70: "Communication error on send",
      71: "Protocol error",
      72: "Multihop attempted",
      73: "Cross mount point (not really error)",
      74: "Trying to read unreadable message",
      75: "Value too large for defined data type",
      76: "Given log. name not unique",
      77: "f.d. invalid for this operation",
      78: "Remote address changed",
      79: "Can   access a needed shared lib",
      80: "Accessing a corrupted shared lib",
      81: ".lib section in a.out corrupted",
      82: "Attempting to link in too many libs",
      83: "Attempting to exec a shared library",
      84: "Illegal byte sequence",
      86: "Streams pipe error",
      87: "Too many users",
      88: "Socket operation on non-socket",
      89: "Destination address required",
      90: "Message too long",
      91: "Protocol wrong type for socket",
      92: "Protocol not available",
      93: "Unknown protocol",
      94: "Socket type not supported",
      95: "Not supported",
      96: "Protocol family not supported",
      97: "Address family not supported by protocol family",
      98: "Address already in use",
      99: "Address not available",
      100: "Network interface is not configured",
      101: "Network is unreachable",
      102: "Connection reset by network",
      103: "Connection aborted",
      104: "Connection reset by peer",
      105: "No buffer space available",
      106: "Socket is already connected",
      107: "Socket is not connected",
      108: "Can't send after socket shutdown",
      109: "Too many references",
      110: "Connection timed out",
      111: "Connection refused",
      112: "Host is down",
      113: "Host is unreachable",
      114: "Socket already connected",
      115: "Connection already in progress",
      116: "Stale file handle",
      122: "Quota exceeded",
      123: "No medium (in tape drive)",
      125: "Operation canceled",
      130: "Previous owner died",
      131: "State not recoverable"
    };
    var DOCS_URL = "https://google.github.io/zx";
    var _Fail = class _Fail2 extends Error {
      static formatExitMessage(code, signal, stderr, from, details = "") {
        if (code == 0 && signal == null) return `exit code: ${code}`;
        const codeInfo = _Fail2.getExitCodeInfo(code);
        let message = `${stderr}
    at ${from}
    exit code: ${code}${codeInfo ? " (" + codeInfo + ")" : ""}`;
        if (signal != null) message += `
    signal: ${signal}`;
        if (details) message += `
    details: 
${details}`;
        return message;
      }
      static formatErrorMessage(err, from) {
        return `${err.message}
    errno: ${err.errno} (${_Fail2.getErrnoMessage(err.errno)})
    code: ${err.code}
    at ${from}`;
      }
      static formatErrorDetails(lines = [], lim = 20) {
        if (lines.length < lim) return lines.join("\n");
        let errors = lines.filter((l) => /(fail|error|not ok|exception)/i.test(l));
        if (errors.length === 0) errors = lines;
        return errors.slice(0, lim).join("\n") + (errors.length > lim ? "\n..." : "");
      }
      static getExitCodeInfo(exitCode) {
        return EXIT_CODES[exitCode];
      }
      static getCallerLocationFromString(stackString = "unknown") {
        const lines = stackString.split(/^\s*(at\s)?/m).filter((s) => s == null ? void 0 : s.includes(":"));
        const i = lines.findIndex((l) => l.includes("Proxy.set"));
        const offset = i < 0 ? i : i + 2;
        return (lines.find((l) => l.includes("file://")) || lines[offset] || stackString).trim();
      }
      static getCallerLocation(err = new Error("zx error")) {
        return _Fail2.getCallerLocationFromString(err.stack);
      }
      static getErrnoMessage(errno) {
        return ERRNO_CODES[-errno] || "Unknown error";
      }
    };
    _Fail.DOCS_URL = DOCS_URL;
    _Fail.EXIT_CODES = EXIT_CODES;
    _Fail.ERRNO_CODES = ERRNO_CODES;
    var Fail2 = _Fail;
    var import_vendor_core = require_vendor_core();
    var import_node_util3 = __require("util");
    var import_node_process = __toESM2(__require("process"), 1);
    var formatters = {
      cmd({ cmd }) {
        return formatCmd(cmd);
      },
      stdout({ data }) {
        return data;
      },
      stderr({ data }) {
        return data;
      },
      custom({ data }) {
        return data;
      },
      fetch(entry) {
        const init = entry.init ? " " + (0, import_node_util3.inspect)(entry.init) : "";
        return `$ ${import_vendor_core.chalk.greenBright("fetch")} ${entry.url}${init}
`;
      },
      cd(entry) {
        return `$ ${import_vendor_core.chalk.greenBright("cd")} ${entry.dir}
`;
      },
      retry(entry) {
        const attempt2 = `Attempt: ${entry.attempt}${entry.total == Infinity ? "" : `/${entry.total}`}`;
        const delay = entry.delay > 0 ? `; next in ${entry.delay}ms` : "";
        return `${import_vendor_core.chalk.bgRed.white(" FAIL ")} ${attempt2}${delay}
`;
      },
      end() {
        return "";
      },
      kill() {
        return "";
      }
    };
    var log2 = function(entry) {
      var _a;
      if (!entry.verbose) return;
      const stream = log2.output || import_node_process.default.stderr;
      const format = ((_a = log2.formatters) == null ? void 0 : _a[entry.kind]) || formatters[entry.kind];
      if (!format) return;
      stream.write(format(entry));
    };
    var SPACE_RE = /\s/;
    var SYNTAX = "()[]{}<>;:+|&=";
    var CMD_BREAK = "|&;><";
    var RESERVED_WORDS = /* @__PURE__ */ new Set([
      "if",
      "then",
      "else",
      "elif",
      "fi",
      "case",
      "esac",
      "for",
      "select",
      "while",
      "until",
      "do",
      "done",
      "in",
      "EOF"
    ]);
    function formatCmd(cmd) {
      if (cmd == void 0) return import_vendor_core.chalk.grey("undefined");
      let q = "";
      let out = "$ ";
      let buf = "";
      let mode = "";
      let pos = 0;
      const cap = () => {
        const word = buf.trim();
        if (word) {
          pos++;
          if (mode === "syntax") {
            if (CMD_BREAK.includes(word)) {
              pos = 0;
            }
            out += import_vendor_core.chalk.red(buf);
          } else if (mode === "quote" || mode === "dollar") {
            out += import_vendor_core.chalk.yellowBright(buf);
          } else if (RESERVED_WORDS.has(word)) {
            out += import_vendor_core.chalk.cyanBright(buf);
          } else if (pos === 1) {
            out += import_vendor_core.chalk.greenBright(buf);
            pos = Infinity;
          } else {
            out += buf;
          }
        } else {
          out += buf;
        }
        mode = "";
        buf = "";
      };
      for (const c of [...cmd]) {
        if (!q) {
          if (c === "$") {
            cap();
            mode = "dollar";
            buf += c;
            cap();
          } else if (c === "'" || c === '"') {
            cap();
            mode = "quote";
            q = c;
            buf += c;
          } else if (SPACE_RE.test(c)) {
            cap();
            buf += c;
          } else if (SYNTAX.includes(c)) {
            const isEnv = c === "=" && pos === 0;
            isEnv && (pos = 1);
            cap();
            mode = "syntax";
            buf += c;
            cap();
            isEnv && (pos = -1);
          } else {
            buf += c;
          }
        } else {
          buf += c;
          if (c === q) {
            cap();
            q = "";
          }
        }
      }
      cap();
      return out.replaceAll("\n", import_vendor_core.chalk.reset("\n> ")) + "\n";
    }
    var import_vendor_core2 = require_vendor_core();
    var import_util = require_util();
    var import_internals = require_internals();
    var import_node_path = __toESM2(__require("path"), 1);
    var os2 = __toESM2(__require("os"), 1);
    var import_vendor_core3 = require_vendor_core();
    var import_util2 = require_util();
    var CWD = /* @__PURE__ */ Symbol("processCwd");
    var SYNC = /* @__PURE__ */ Symbol("syncExec");
    var EPF = /* @__PURE__ */ Symbol("end-piped-from");
    var SHOT = /* @__PURE__ */ Symbol("snapshot");
    var EOL = import_node_buffer.Buffer.from(import_node_os.EOL);
    var BR_CC = "\n".charCodeAt(0);
    var DLMTR = /\r?\n/;
    var SIGTERM = "SIGTERM";
    var ENV_PREFIX = "ZX_";
    var ENV_OPTS = /* @__PURE__ */ new Set([
      "cwd",
      "preferLocal",
      "detached",
      "verbose",
      "quiet",
      "timeout",
      "timeoutSignal",
      "killSignal",
      "prefix",
      "postfix",
      "shell"
    ]);
    var defaults2 = resolveDefaults2({
      [CWD]: import_node_process2.default.cwd(),
      [SYNC]: false,
      verbose: false,
      env: import_node_process2.default.env,
      sync: false,
      shell: true,
      stdio: "pipe",
      nothrow: false,
      quiet: false,
      detached: false,
      preferLocal: false,
      spawn: import_node_child_process.default.spawn,
      spawnSync: import_node_child_process.default.spawnSync,
      log: log2,
      kill: kill2,
      killSignal: SIGTERM,
      timeoutSignal: SIGTERM
    });
    var storage = new import_node_async_hooks2.AsyncLocalStorage();
    var getStore = () => storage.getStore() || defaults2;
    var getSnapshot = (opts, from, pieces, args) => __spreadProps(__spreadValues({}, opts), {
      ac: opts.ac || new AbortController(),
      ee: new import_node_events.EventEmitter(),
      from,
      pieces,
      args,
      cmd: ""
    });
    function within2(callback) {
      return storage.run(__spreadValues({}, getStore()), callback);
    }
    var $2 = new Proxy(
      // prettier-ignore
      function(pieces, ...args) {
        const opts = getStore();
        if (!Array.isArray(pieces)) {
          return function(...args2) {
            return within2(() => Object.assign($2, opts, pieces).apply(this, args2));
          };
        }
        const from = Fail2.getCallerLocation();
        const cb = () => cb[SHOT] = getSnapshot(opts, from, pieces, args);
        const pp = new ProcessPromise2(cb);
        if (!pp.isHalted()) pp.run();
        return pp.sync ? pp.output : pp;
      },
      {
        set(t, key, value4) {
          return Reflect.set(
            key in Function.prototype ? t : getStore(),
            key === "sync" ? SYNC : key,
            value4
          );
        },
        get(t, key) {
          return key === "sync" ? $2({ sync: true }) : Reflect.get(key in Function.prototype ? t : getStore(), key);
        }
      }
    );
    var _ProcessPromise = class _ProcessPromise2 extends Promise {
      constructor(executor) {
        let resolve;
        let reject;
        super((...args) => {
          ;
          [resolve = import_util.noop, reject = import_util.noop] = args;
          executor(...args);
        });
        this._stage = "initial";
        this._id = (0, import_util.randomId)();
        this._piped = false;
        this._stdin = new import_vendor_core2.VoidStream();
        this._zurk = null;
        this._output = null;
        this.writable = true;
        const snapshot = executor[SHOT];
        if (snapshot) {
          this._snapshot = snapshot;
          this._resolve = resolve;
          this._reject = reject;
          if (snapshot.halt) this._stage = "halted";
          try {
            this.build();
          } catch (err) {
            this.finalize(ProcessOutput2.fromError(err), true);
          }
        } else _ProcessPromise2.disarm(this);
      }
      // prettier-ignore
      build() {
        const $22 = this._snapshot;
        if (!$22.shell)
          throw new Fail2(`No shell is available: ${Fail2.DOCS_URL}/shell`);
        if (!$22.quote)
          throw new Fail2(`No quote function is defined: ${Fail2.DOCS_URL}/quotes`);
        if ($22.pieces.some((p) => p == null))
          throw new Fail2(`Malformed command at ${$22.from}`);
        $22.cmd = (0, import_vendor_core2.buildCmd)(
          $22.quote,
          $22.pieces,
          $22.args
        );
      }
      run() {
        var _a, _b;
        _ProcessPromise2.bus.runBack(this);
        if (this.isRunning() || this.isSettled()) return this;
        this._stage = "running";
        const self2 = this;
        const $22 = self2._snapshot;
        const id = self2.id;
        const cwd = $22.cwd || $22[CWD];
        if ($22.preferLocal) {
          const dirs = $22.preferLocal === true ? [$22.cwd, $22[CWD]] : [$22.preferLocal].flat();
          $22.env = (0, import_util.preferLocalBin)($22.env, ...dirs);
        }
        this._zurk = (0, import_vendor_core2.exec)({
          cmd: self2.fullCmd,
          cwd,
          input: (_b = (_a = $22.input) == null ? void 0 : _a.stdout) != null ? _b : $22.input,
          stdin: self2._stdin,
          sync: self2.sync,
          signal: self2.signal,
          shell: (0, import_util.isString)($22.shell) ? $22.shell : true,
          id,
          env: $22.env,
          spawn: $22.spawn,
          spawnSync: $22.spawnSync,
          store: $22.store,
          stdio: $22.stdio,
          detached: $22.detached,
          ee: $22.ee,
          run(cb, ctx) {
            var _a2, _b2;
            ((_b2 = (_a2 = self2.cmd).then) == null ? void 0 : _b2.call(
              _a2,
              (cmd) => {
                $22.cmd = cmd;
                ctx.cmd = self2.fullCmd;
                cb();
              },
              (error) => self2.finalize(ProcessOutput2.fromError(error))
            )) || cb();
          },
          on: {
            start: () => {
              $22.log({ kind: "cmd", cmd: $22.cmd, cwd, verbose: self2.isVerbose(), id });
              self2.timeout($22.timeout, $22.timeoutSignal);
            },
            stdout: (data) => {
              $22.log({ kind: "stdout", data, verbose: !self2._piped && self2.isVerbose(), id });
            },
            stderr: (data) => {
              $22.log({ kind: "stderr", data, verbose: !self2.isQuiet(), id });
            },
            end: (data, c) => {
              const { error: _error, status, signal: __signal, duration, ctx: { store } } = data;
              const { stdout, stderr } = store;
              const { cause, exitCode, signal: _signal } = self2._breakerData || {};
              const signal = _signal != null ? _signal : __signal;
              const code = exitCode != null ? exitCode : status;
              const error = cause != null ? cause : _error;
              const output = new ProcessOutput2({
                code,
                signal,
                error,
                duration,
                store,
                from: $22.from
              });
              $22.log({ kind: "end", signal, exitCode: code, duration, error, verbose: self2.isVerbose(), id });
              if (stdout.length && (0, import_util.getLast)((0, import_util.getLast)(stdout)) !== BR_CC) c.on.stdout(EOL, c);
              if (stderr.length && (0, import_util.getLast)((0, import_util.getLast)(stderr)) !== BR_CC) c.on.stderr(EOL, c);
              self2.finalize(output);
            }
          }
        });
        return this;
      }
      break(exitCode, signal, cause) {
        if (!this.isRunning()) return;
        this._breakerData = { exitCode, signal, cause };
        this.kill(signal);
      }
      finalize(output, legacy = false) {
        if (this.isSettled()) return;
        this._output = output;
        _ProcessPromise2.bus.unpipeBack(this);
        if (output.ok || this.isNothrow()) {
          this._stage = "fulfilled";
          this._resolve(output);
        } else {
          this._stage = "rejected";
          if (legacy) {
            this._resolve(output);
            throw output.cause || output;
          }
          this._reject(output);
          if (this.sync) throw output;
        }
      }
      abort(reason) {
        if (this.isSettled()) throw new Fail2("Too late to abort the process.");
        if (this.signal !== this.ac.signal)
          throw new Fail2("The signal is controlled by another process.");
        if (!this.child)
          throw new Fail2("Trying to abort a process without creating one.");
        this.ac.abort(reason);
      }
      kill(signal) {
        if (this.isSettled()) throw new Fail2("Too late to kill the process.");
        if (!this.child)
          throw new Fail2("Trying to kill a process without creating one.");
        if (!this.pid) throw new Fail2("The process pid is undefined.");
        return $2.kill(this.pid, signal || this._snapshot.killSignal || $2.killSignal);
      }
      // Configurators
      stdio(stdin, stdout = "pipe", stderr = "pipe") {
        this._snapshot.stdio = Array.isArray(stdin) ? stdin : [stdin, stdout, stderr];
        return this;
      }
      nothrow(v = true) {
        this._snapshot.nothrow = v;
        return this;
      }
      quiet(v = true) {
        this._snapshot.quiet = v;
        return this;
      }
      verbose(v = true) {
        this._snapshot.verbose = v;
        return this;
      }
      timeout(d = 0, signal = $2.timeoutSignal) {
        if (this.isSettled()) return this;
        const $22 = this._snapshot;
        $22.timeout = (0, import_util.parseDuration)(d);
        $22.timeoutSignal = signal;
        if (this._timeoutId) clearTimeout(this._timeoutId);
        if ($22.timeout && this.isRunning()) {
          this._timeoutId = setTimeout(() => this.kill($22.timeoutSignal), $22.timeout);
          this.finally(() => clearTimeout(this._timeoutId)).catch(import_util.noop);
        }
        return this;
      }
      /**
       *  @deprecated Use $({halt: true})`cmd` instead.
       */
      halt() {
        return this;
      }
      // Getters
      get id() {
        return this._id;
      }
      get pid() {
        var _a;
        return (_a = this.child) == null ? void 0 : _a.pid;
      }
      get cmd() {
        return this._snapshot.cmd;
      }
      get fullCmd() {
        const { prefix = "", postfix = "", cmd } = this._snapshot;
        return prefix + cmd + postfix;
      }
      get child() {
        var _a;
        return (_a = this._zurk) == null ? void 0 : _a.child;
      }
      get stdin() {
        var _a;
        return (_a = this.child) == null ? void 0 : _a.stdin;
      }
      get stdout() {
        var _a;
        return (_a = this.child) == null ? void 0 : _a.stdout;
      }
      get stderr() {
        var _a;
        return (_a = this.child) == null ? void 0 : _a.stderr;
      }
      get exitCode() {
        return this.then(
          (o) => o.exitCode,
          (o) => o.exitCode
        );
      }
      get signal() {
        return this._snapshot.signal || this.ac.signal;
      }
      get ac() {
        return this._snapshot.ac;
      }
      get output() {
        return this._output;
      }
      get stage() {
        return this._stage;
      }
      get sync() {
        return this._snapshot[SYNC];
      }
      get [Symbol.toStringTag]() {
        return "ProcessPromise";
      }
      [Symbol.toPrimitive]() {
        return this.toString();
      }
      // Output formatters
      json() {
        return this.then((o) => o.json());
      }
      text(encoding) {
        return this.then((o) => o.text(encoding));
      }
      lines(delimiter) {
        return this.then((o) => o.lines(delimiter));
      }
      buffer() {
        return this.then((o) => o.buffer());
      }
      blob(type) {
        return this.then((o) => o.blob(type));
      }
      // Status checkers
      isQuiet() {
        return this._snapshot.quiet;
      }
      isVerbose() {
        return this._snapshot.verbose && !this.isQuiet();
      }
      isNothrow() {
        return this._snapshot.nothrow;
      }
      isHalted() {
        return this.stage === "halted" && !this.sync;
      }
      isSettled() {
        return !!this.output;
      }
      isRunning() {
        return this.stage === "running";
      }
      // Piping
      // prettier-ignore
      get pipe() {
        const getPipeMethod = (kind) => this._pipe.bind(this, kind);
        const stdout = getPipeMethod("stdout");
        const stderr = getPipeMethod("stderr");
        const stdall = getPipeMethod("stdall");
        return Object.assign(stdout, { stdout, stderr, stdall });
      }
      unpipe(to) {
        _ProcessPromise2.bus.unpipe(this, to);
        return this;
      }
      // prettier-ignore
      _pipe(source, dest, ...args) {
        if ((0, import_util.isString)(dest))
          return this._pipe(source, import_node_fs2.default.createWriteStream(dest));
        if ((0, import_util.isStringLiteral)(dest, ...args))
          return this._pipe(
            source,
            $2({
              halt: true,
              signal: this.signal
            })(dest, ...args)
          );
        const isP = dest instanceof _ProcessPromise2;
        if (isP && dest.isSettled()) throw new Fail2("Cannot pipe to a settled process.");
        if (!isP && dest.writableEnded) throw new Fail2("Cannot pipe to a closed stream.");
        this._piped = true;
        _ProcessPromise2.bus.pipe(this, dest);
        const { ee } = this._snapshot;
        const output = this.output;
        const from = new import_vendor_core2.VoidStream();
        const check = () => {
          var _a;
          return !!((_a = _ProcessPromise2.bus.refs.get(this)) == null ? void 0 : _a.has(dest));
        };
        const end = () => {
          if (!check()) return;
          setImmediate(() => {
            _ProcessPromise2.bus.unpipe(this, dest);
            _ProcessPromise2.bus.sources(dest).length === 0 && from.end();
          });
        };
        const fill = () => {
          for (const chunk of this._zurk.store[source]) from.write(chunk);
        };
        const fillSettled = () => {
          if (!output) return;
          if (isP && !output.ok) dest.break(output.exitCode, output.signal, output.cause);
          fill();
          end();
        };
        if (!output) {
          const onData = (chunk) => check() && from.write(chunk);
          ee.once(source, () => {
            fill();
            ee.on(source, onData);
          }).once("end", () => {
            ee.removeListener(source, onData);
            end();
          });
        }
        if (isP) {
          from.pipe(dest._stdin);
          if (this.isHalted()) ee.once("start", () => dest.run());
          else {
            dest.run();
            this.catch((e) => dest.break(e.exitCode, e.signal, e.cause));
          }
          fillSettled();
          return dest;
        }
        from.once("end", () => dest.emit(EPF)).pipe(dest);
        fillSettled();
        return _ProcessPromise2.promisifyStream(dest, this);
      }
      // Promise API
      then(onfulfilled, onrejected) {
        return super.then(onfulfilled, onrejected);
      }
      catch(onrejected) {
        return super.catch(onrejected);
      }
      // Async iterator API
      [Symbol.asyncIterator]() {
        return __asyncGenerator(this, null, function* () {
          const memo = [];
          const dlmtr = this._snapshot.delimiter || $2.delimiter || DLMTR;
          for (const chunk of this._zurk.store.stdout) {
            yield* __yieldStar((0, import_util.getLines)(chunk, memo, dlmtr));
          }
          try {
            for (var iter = __forAwait(this.stdout || []), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
              const chunk = temp.value;
              yield* __yieldStar((0, import_util.getLines)(chunk, memo, dlmtr));
            }
          } catch (temp2) {
            error = [temp2];
          } finally {
            try {
              more && (temp = iter.return) && (yield new __await(temp.call(iter)));
            } finally {
              if (error)
                throw error[0];
            }
          }
          if (memo[0]) yield memo[0];
          yield new __await(this);
        });
      }
      emit(event, ...args) {
        return this;
      }
      on(event, cb) {
        this._stdin.on(event, cb);
        return this;
      }
      once(event, cb) {
        this._stdin.once(event, cb);
        return this;
      }
      write(data, encoding, cb) {
        this._stdin.write(data, encoding, cb);
        return this;
      }
      end(chunk, cb) {
        this._stdin.end(chunk, cb);
        return this;
      }
      removeListener(event, cb) {
        this._stdin.removeListener(event, cb);
        return this;
      }
      // prettier-ignore
      static disarm(p, toggle = true) {
        Object.getOwnPropertyNames(_ProcessPromise2.prototype).forEach((k) => {
          if (k in Promise.prototype) return;
          if (!toggle) {
            Reflect.deleteProperty(p, k);
            return;
          }
          Object.defineProperty(p, k, { configurable: true, get() {
            throw new Fail2("Inappropriate usage. Apply $ instead of direct instantiation.");
          } });
        });
      }
    };
    _ProcessPromise.bus = {
      refs: /* @__PURE__ */ new Map(),
      streams: /* @__PURE__ */ new WeakMap(),
      pipe(from, to) {
        const set = this.refs.get(from) || this.refs.set(from, /* @__PURE__ */ new Set()).get(from);
        set.add(to);
      },
      unpipe(from, to) {
        const set = this.refs.get(from);
        if (!set) return;
        if (to) set.delete(to);
        if (set.size) return;
        this.refs.delete(from);
        from._piped = false;
      },
      unpipeBack(to, from) {
        if (from) return this.unpipe(from, to);
        for (const _from of this.refs.keys()) {
          this.unpipe(_from, to);
        }
      },
      runBack(p) {
        var _a;
        for (const from of this.sources(p)) {
          if (from instanceof _ProcessPromise) from.run();
          else (_a = this.streams.get(from)) == null ? void 0 : _a.run();
        }
      },
      sources(p) {
        const refs = [];
        for (const [from, set] of this.refs.entries()) {
          set.has(p) && refs.push(from);
        }
        return refs;
      }
    };
    _ProcessPromise.promisifyStream = (stream, from) => {
      const proxy = _ProcessPromise.bus.streams.get(stream) || (0, import_util.proxyOverride)(stream, {
        then(res = import_util.noop, rej = import_util.noop) {
          return new Promise((_res, _rej) => {
            const end = () => _res(res((0, import_util.proxyOverride)(stream, from.output)));
            stream.once("error", (e) => _rej(rej(e))).once("finish", end).once(EPF, end);
          });
        },
        run() {
          from.run();
        },
        pipe(...args) {
          const dest = stream.pipe.apply(stream, args);
          return dest instanceof _ProcessPromise ? dest : _ProcessPromise.promisifyStream(dest, from);
        }
      });
      _ProcessPromise.bus.streams.set(stream, proxy);
      return proxy;
    };
    var ProcessPromise2 = _ProcessPromise;
    var _ProcessOutput = class _ProcessOutput2 extends Error {
      // prettier-ignore
      constructor(code = null, signal = null, stdout = "", stderr = "", stdall = "", message = "", duration = 0, error = null, from = "", store = { stdout: [stdout], stderr: [stderr], stdall: [stdall] }) {
        super(message);
        const dto = code !== null && typeof code === "object" ? code : { code, signal, duration, error, from, store };
        Object.defineProperties(this, {
          _dto: { value: dto, enumerable: false },
          cause: { get() {
            return dto.error;
          }, enumerable: false },
          stdout: { get: (0, import_util.once)(() => (0, import_util.bufArrJoin)(dto.store.stdout)) },
          stderr: { get: (0, import_util.once)(() => (0, import_util.bufArrJoin)(dto.store.stderr)) },
          stdall: { get: (0, import_util.once)(() => (0, import_util.bufArrJoin)(dto.store.stdall)) },
          message: { get: (0, import_util.once)(
            () => dto.error || message ? _ProcessOutput2.getErrorMessage(dto.error || new Error(message), dto.from) : _ProcessOutput2.getExitMessage(
              dto.code,
              dto.signal,
              this.stderr,
              dto.from,
              this.stderr.trim() ? "" : _ProcessOutput2.getErrorDetails(this.lines())
            )
          ) }
        });
      }
      get exitCode() {
        return this._dto.code;
      }
      get signal() {
        return this._dto.signal;
      }
      get duration() {
        return this._dto.duration;
      }
      get [Symbol.toStringTag]() {
        return "ProcessOutput";
      }
      get ok() {
        return !this._dto.error && this.exitCode === 0;
      }
      json() {
        return JSON.parse(this.stdall);
      }
      buffer() {
        return import_node_buffer.Buffer.from(this.stdall);
      }
      blob(type = "text/plain") {
        if (!globalThis.Blob)
          throw new Fail2(
            "Blob is not supported in this environment. Provide a polyfill"
          );
        return new Blob([this.buffer()], { type });
      }
      text(encoding = "utf8") {
        return encoding === "utf8" ? this.toString() : this.buffer().toString(encoding);
      }
      lines(delimiter) {
        return (0, import_util.iteratorToArray)(this[Symbol.iterator](delimiter));
      }
      toString() {
        return this.stdall;
      }
      valueOf() {
        return this.stdall.trim();
      }
      [Symbol.toPrimitive]() {
        return this.valueOf();
      }
      // prettier-ignore
      *[Symbol.iterator](dlmtr = this._dto.delimiter || $2.delimiter || DLMTR) {
        const memo = [];
        for (const chunk of this._dto.store.stdall) {
          yield* __yieldStar((0, import_util.getLines)(chunk, memo, dlmtr));
        }
        if (memo[0]) yield memo[0];
      }
      [import_node_util2.inspect.custom]() {
        const codeInfo = _ProcessOutput2.getExitCodeInfo(this.exitCode);
        return `ProcessOutput {
  stdout: ${import_vendor_core2.chalk.green((0, import_node_util2.inspect)(this.stdout))},
  stderr: ${import_vendor_core2.chalk.red((0, import_node_util2.inspect)(this.stderr))},
  signal: ${(0, import_node_util2.inspect)(this.signal)},
  exitCode: ${(this.ok ? import_vendor_core2.chalk.green : import_vendor_core2.chalk.red)(this.exitCode)}${codeInfo ? import_vendor_core2.chalk.grey(" (" + codeInfo + ")") : ""},
  duration: ${this.duration}
}`;
      }
      static fromError(error) {
        const output = new _ProcessOutput2();
        output._dto.error = error;
        return output;
      }
    };
    _ProcessOutput.getExitMessage = Fail2.formatExitMessage;
    _ProcessOutput.getErrorMessage = Fail2.formatErrorMessage;
    _ProcessOutput.getErrorDetails = Fail2.formatErrorDetails;
    _ProcessOutput.getExitCodeInfo = Fail2.getExitCodeInfo;
    var ProcessOutput2 = _ProcessOutput;
    var useBash2 = () => setShell("bash", false);
    var usePwsh2 = () => setShell("pwsh");
    var usePowerShell2 = () => setShell("powershell.exe");
    function setShell(n, ps3 = true) {
      $2.shell = import_vendor_core2.which.sync(n);
      $2.prefix = ps3 ? "" : "set -euo pipefail;";
      $2.postfix = ps3 ? "; exit $LastExitCode" : "";
      $2.quote = ps3 ? import_util.quotePowerShell : import_util.quote;
    }
    try {
      const { shell: shell2, prefix, postfix } = $2;
      useBash2();
      if ((0, import_util.isString)(shell2)) $2.shell = shell2;
      if ((0, import_util.isString)(prefix)) $2.prefix = prefix;
      if ((0, import_util.isString)(postfix)) $2.postfix = postfix;
    } catch (err) {
    }
    var cwdSyncHook;
    function syncProcessCwd2(flag = true) {
      cwdSyncHook = cwdSyncHook || (0, import_node_async_hooks2.createHook)({
        init: syncCwd,
        before: syncCwd,
        promiseResolve: syncCwd,
        after: syncCwd,
        destroy: syncCwd
      });
      if (flag) cwdSyncHook.enable();
      else cwdSyncHook.disable();
    }
    function syncCwd() {
      if ($2[CWD] != import_node_process2.default.cwd()) import_node_process2.default.chdir($2[CWD]);
    }
    function cd2(dir) {
      if (dir instanceof ProcessOutput2) {
        dir = dir.toString().trim();
      }
      $2.log({ kind: "cd", dir, verbose: !$2.quiet && $2.verbose });
      import_node_process2.default.chdir(dir);
      $2[CWD] = import_node_process2.default.cwd();
    }
    function kill2(_0) {
      return __async(this, arguments, function* (pid, signal = $2.killSignal || SIGTERM) {
        if (typeof pid !== "number" && typeof pid !== "string" || !/^\d+$/.test(pid))
          throw new Fail2(`Invalid pid: ${pid}`);
        $2.log({ kind: "kill", pid, signal, verbose: !$2.quiet && $2.verbose });
        if (import_node_process2.default.platform === "win32" && (yield new Promise((resolve) => {
          import_node_child_process.default.exec(`taskkill /pid ${pid} /t /f`, (err) => resolve(!err));
        })))
          return;
        for (const p of yield import_vendor_core2.ps.tree({ pid, recursive: true })) {
          try {
            import_node_process2.default.kill(+p.pid, signal);
          } catch (e) {
          }
        }
        try {
          import_node_process2.default.kill(-pid, signal);
        } catch (e) {
          try {
            import_node_process2.default.kill(+pid, signal);
          } catch (e2) {
          }
        }
      });
    }
    function resolveDefaults2(defs = defaults2, prefix = ENV_PREFIX, env = import_node_process2.default.env, allowed = ENV_OPTS) {
      return Object.entries(env).reduce((m, [k, v]) => {
        if (v && k.startsWith(prefix)) {
          const _k = (0, import_util.toCamelCase)(k.slice(prefix.length));
          const _v = (0, import_util.parseBool)(v);
          if (allowed.has(_k)) m[_k] = _v;
        }
        return m;
      }, defs);
    }
  }
});

// node_modules/zx/build/core.js
var core_exports = {};
__export(core_exports, {
  $: () => $,
  Fail: () => Fail,
  ProcessOutput: () => ProcessOutput,
  ProcessPromise: () => ProcessPromise,
  bus: () => bus2,
  cd: () => cd,
  chalk: () => chalk2,
  defaults: () => defaults,
  kill: () => kill,
  log: () => log,
  os: () => os,
  path: () => path2,
  ps: () => ps2,
  quote: () => quote2,
  quotePowerShell: () => quotePowerShell2,
  resolveDefaults: () => resolveDefaults,
  syncProcessCwd: () => syncProcessCwd,
  useBash: () => useBash,
  usePowerShell: () => usePowerShell,
  usePwsh: () => usePwsh,
  which: () => which2,
  within: () => within
});
var __module__, $, Fail, ProcessOutput, ProcessPromise, bus2, cd, chalk2, defaults, kill, log, os, path2, ps2, quote2, quotePowerShell2, resolveDefaults, syncProcessCwd, useBash, usePowerShell, usePwsh, which2, within;
var init_core = __esm({
  "node_modules/zx/build/core.js"() {
    "use strict";
    init_deno();
    __module__ = __toESM(require_core(), 1);
    ({
      $,
      Fail,
      ProcessOutput,
      ProcessPromise,
      bus: bus2,
      cd,
      chalk: chalk2,
      defaults,
      kill,
      log,
      os,
      path: path2,
      ps: ps2,
      quote: quote2,
      quotePowerShell: quotePowerShell2,
      resolveDefaults,
      syncProcessCwd,
      useBash,
      usePowerShell,
      usePwsh,
      which: which2,
      within
    } = globalThis.Deno ? globalThis.require("./core.cjs") : __module__);
  }
});

// lib/http/fetch.ts
var fetchQuietly;
var init_fetch = __esm({
  "lib/http/fetch.ts"() {
    "use strict";
    fetchQuietly = (input2, init) => {
      const zx = globalThis.$;
      if (zx) zx.verbose = false;
      return globalThis.fetch(input2, init);
    };
  }
});

// node_modules/universal-user-agent/index.js
function getUserAgent() {
  if (typeof navigator === "object" && "userAgent" in navigator) {
    return navigator.userAgent;
  }
  if (typeof process === "object" && process.version !== void 0) {
    return `Node.js/${process.version.substr(1)} (${process.platform}; ${process.arch})`;
  }
  return "<environment undetectable>";
}
var init_universal_user_agent = __esm({
  "node_modules/universal-user-agent/index.js"() {
  }
});

// node_modules/before-after-hook/lib/register.js
function register(state, name, method, options) {
  if (typeof method !== "function") {
    throw new Error("method for before hook must be a function");
  }
  if (!options) {
    options = {};
  }
  if (Array.isArray(name)) {
    return name.reverse().reduce((callback, name2) => {
      return register.bind(null, state, name2, callback, options);
    }, method)();
  }
  return Promise.resolve().then(() => {
    if (!state.registry[name]) {
      return method(options);
    }
    return state.registry[name].reduce((method2, registered) => {
      return registered.hook.bind(null, method2, options);
    }, method)();
  });
}
var init_register = __esm({
  "node_modules/before-after-hook/lib/register.js"() {
  }
});

// node_modules/before-after-hook/lib/add.js
function addHook(state, kind, name, hook2) {
  const orig = hook2;
  if (!state.registry[name]) {
    state.registry[name] = [];
  }
  if (kind === "before") {
    hook2 = (method, options) => {
      return Promise.resolve().then(orig.bind(null, options)).then(method.bind(null, options));
    };
  }
  if (kind === "after") {
    hook2 = (method, options) => {
      let result;
      return Promise.resolve().then(method.bind(null, options)).then((result_) => {
        result = result_;
        return orig(result, options);
      }).then(() => {
        return result;
      });
    };
  }
  if (kind === "error") {
    hook2 = (method, options) => {
      return Promise.resolve().then(method.bind(null, options)).catch((error) => {
        return orig(error, options);
      });
    };
  }
  state.registry[name].push({
    hook: hook2,
    orig
  });
}
var init_add = __esm({
  "node_modules/before-after-hook/lib/add.js"() {
  }
});

// node_modules/before-after-hook/lib/remove.js
function removeHook(state, name, method) {
  if (!state.registry[name]) {
    return;
  }
  const index = state.registry[name].map((registered) => {
    return registered.orig;
  }).indexOf(method);
  if (index === -1) {
    return;
  }
  state.registry[name].splice(index, 1);
}
var init_remove = __esm({
  "node_modules/before-after-hook/lib/remove.js"() {
  }
});

// node_modules/before-after-hook/index.js
function bindApi(hook2, state, name) {
  const removeHookRef = bindable(removeHook, null).apply(
    null,
    name ? [state, name] : [state]
  );
  hook2.api = { remove: removeHookRef };
  hook2.remove = removeHookRef;
  ["before", "error", "after", "wrap"].forEach((kind) => {
    const args = name ? [state, kind, name] : [state, kind];
    hook2[kind] = hook2.api[kind] = bindable(addHook, null).apply(null, args);
  });
}
function Singular() {
  const singularHookName = /* @__PURE__ */ Symbol("Singular");
  const singularHookState = {
    registry: {}
  };
  const singularHook = register.bind(null, singularHookState, singularHookName);
  bindApi(singularHook, singularHookState, singularHookName);
  return singularHook;
}
function Collection() {
  const state = {
    registry: {}
  };
  const hook2 = register.bind(null, state);
  bindApi(hook2, state);
  return hook2;
}
var bind, bindable, before_after_hook_default;
var init_before_after_hook = __esm({
  "node_modules/before-after-hook/index.js"() {
    init_register();
    init_add();
    init_remove();
    bind = Function.bind;
    bindable = bind.bind(bind);
    before_after_hook_default = { Singular, Collection };
  }
});

// node_modules/@octokit/endpoint/dist-bundle/index.js
function lowercaseKeys(object) {
  if (!object) {
    return {};
  }
  return Object.keys(object).reduce((newObj, key) => {
    newObj[key.toLowerCase()] = object[key];
    return newObj;
  }, {});
}
function isPlainObject(value4) {
  if (typeof value4 !== "object" || value4 === null) return false;
  if (Object.prototype.toString.call(value4) !== "[object Object]") return false;
  const proto = Object.getPrototypeOf(value4);
  if (proto === null) return true;
  const Ctor = Object.prototype.hasOwnProperty.call(proto, "constructor") && proto.constructor;
  return typeof Ctor === "function" && Ctor instanceof Ctor && Function.prototype.call(Ctor) === Function.prototype.call(value4);
}
function mergeDeep(defaults2, options) {
  const result = Object.assign({}, defaults2);
  Object.keys(options).forEach((key) => {
    if (isPlainObject(options[key])) {
      if (!(key in defaults2)) Object.assign(result, { [key]: options[key] });
      else result[key] = mergeDeep(defaults2[key], options[key]);
    } else {
      Object.assign(result, { [key]: options[key] });
    }
  });
  return result;
}
function removeUndefinedProperties(obj) {
  for (const key in obj) {
    if (obj[key] === void 0) {
      delete obj[key];
    }
  }
  return obj;
}
function merge(defaults2, route, options) {
  if (typeof route === "string") {
    let [method, url] = route.split(" ");
    options = Object.assign(url ? { method, url } : { url: method }, options);
  } else {
    options = Object.assign({}, route);
  }
  options.headers = lowercaseKeys(options.headers);
  removeUndefinedProperties(options);
  removeUndefinedProperties(options.headers);
  const mergedOptions = mergeDeep(defaults2 || {}, options);
  if (options.url === "/graphql") {
    if (defaults2 && defaults2.mediaType.previews?.length) {
      mergedOptions.mediaType.previews = defaults2.mediaType.previews.filter(
        (preview) => !mergedOptions.mediaType.previews.includes(preview)
      ).concat(mergedOptions.mediaType.previews);
    }
    mergedOptions.mediaType.previews = (mergedOptions.mediaType.previews || []).map((preview) => preview.replace(/-preview/, ""));
  }
  return mergedOptions;
}
function addQueryParameters(url, parameters) {
  const separator = /\?/.test(url) ? "&" : "?";
  const names = Object.keys(parameters);
  if (names.length === 0) {
    return url;
  }
  return url + separator + names.map((name) => {
    if (name === "q") {
      return "q=" + parameters.q.split("+").map(encodeURIComponent).join("+");
    }
    return `${name}=${encodeURIComponent(parameters[name])}`;
  }).join("&");
}
function removeNonChars(variableName) {
  return variableName.replace(/(?:^\W+)|(?:(?<!\W)\W+$)/g, "").split(/,/);
}
function extractUrlVariableNames(url) {
  const matches = url.match(urlVariableRegex);
  if (!matches) {
    return [];
  }
  return matches.map(removeNonChars).reduce((a, b) => a.concat(b), []);
}
function omit(object, keysToOmit) {
  const result = { __proto__: null };
  for (const key of Object.keys(object)) {
    if (keysToOmit.indexOf(key) === -1) {
      result[key] = object[key];
    }
  }
  return result;
}
function encodeReserved(str) {
  return str.split(/(%[0-9A-Fa-f]{2})/g).map(function(part) {
    if (!/%[0-9A-Fa-f]/.test(part)) {
      part = encodeURI(part).replace(/%5B/g, "[").replace(/%5D/g, "]");
    }
    return part;
  }).join("");
}
function encodeUnreserved(str) {
  return encodeURIComponent(str).replace(/[!'()*]/g, function(c) {
    return "%" + c.charCodeAt(0).toString(16).toUpperCase();
  });
}
function encodeValue(operator, value4, key) {
  value4 = operator === "+" || operator === "#" ? encodeReserved(value4) : encodeUnreserved(value4);
  if (key) {
    return encodeUnreserved(key) + "=" + value4;
  } else {
    return value4;
  }
}
function isDefined(value4) {
  return value4 !== void 0 && value4 !== null;
}
function isKeyOperator(operator) {
  return operator === ";" || operator === "&" || operator === "?";
}
function getValues(context, operator, key, modifier) {
  var value4 = context[key], result = [];
  if (isDefined(value4) && value4 !== "") {
    if (typeof value4 === "string" || typeof value4 === "number" || typeof value4 === "bigint" || typeof value4 === "boolean") {
      value4 = value4.toString();
      if (modifier && modifier !== "*") {
        value4 = value4.substring(0, parseInt(modifier, 10));
      }
      result.push(
        encodeValue(operator, value4, isKeyOperator(operator) ? key : "")
      );
    } else {
      if (modifier === "*") {
        if (Array.isArray(value4)) {
          value4.filter(isDefined).forEach(function(value22) {
            result.push(
              encodeValue(operator, value22, isKeyOperator(operator) ? key : "")
            );
          });
        } else {
          Object.keys(value4).forEach(function(k) {
            if (isDefined(value4[k])) {
              result.push(encodeValue(operator, value4[k], k));
            }
          });
        }
      } else {
        const tmp = [];
        if (Array.isArray(value4)) {
          value4.filter(isDefined).forEach(function(value22) {
            tmp.push(encodeValue(operator, value22));
          });
        } else {
          Object.keys(value4).forEach(function(k) {
            if (isDefined(value4[k])) {
              tmp.push(encodeUnreserved(k));
              tmp.push(encodeValue(operator, value4[k].toString()));
            }
          });
        }
        if (isKeyOperator(operator)) {
          result.push(encodeUnreserved(key) + "=" + tmp.join(","));
        } else if (tmp.length !== 0) {
          result.push(tmp.join(","));
        }
      }
    }
  } else {
    if (operator === ";") {
      if (isDefined(value4)) {
        result.push(encodeUnreserved(key));
      }
    } else if (value4 === "" && (operator === "&" || operator === "?")) {
      result.push(encodeUnreserved(key) + "=");
    } else if (value4 === "") {
      result.push("");
    }
  }
  return result;
}
function parseUrl(template) {
  return {
    expand: expand.bind(null, template)
  };
}
function expand(template, context) {
  var operators = ["+", "#", ".", "/", ";", "?", "&"];
  template = template.replace(
    /\{([^\{\}]+)\}|([^\{\}]+)/g,
    function(_, expression, literal) {
      if (expression) {
        let operator = "";
        const values = [];
        if (operators.indexOf(expression.charAt(0)) !== -1) {
          operator = expression.charAt(0);
          expression = expression.substr(1);
        }
        expression.split(/,/g).forEach(function(variable) {
          var tmp = /([^:\*]*)(?::(\d+)|(\*))?/.exec(variable);
          values.push(getValues(context, operator, tmp[1], tmp[2] || tmp[3]));
        });
        if (operator && operator !== "+") {
          var separator = ",";
          if (operator === "?") {
            separator = "&";
          } else if (operator !== "#") {
            separator = operator;
          }
          return (values.length !== 0 ? operator : "") + values.join(separator);
        } else {
          return values.join(",");
        }
      } else {
        return encodeReserved(literal);
      }
    }
  );
  if (template === "/") {
    return template;
  } else {
    return template.replace(/\/$/, "");
  }
}
function parse(options) {
  let method = options.method.toUpperCase();
  let url = (options.url || "/").replace(/:([a-z]\w+)/g, "{$1}");
  let headers = Object.assign({}, options.headers);
  let body;
  let parameters = omit(options, [
    "method",
    "baseUrl",
    "url",
    "headers",
    "request",
    "mediaType"
  ]);
  const urlVariableNames = extractUrlVariableNames(url);
  url = parseUrl(url).expand(parameters);
  if (!/^http/.test(url)) {
    url = options.baseUrl + url;
  }
  const omittedParameters = Object.keys(options).filter((option) => urlVariableNames.includes(option)).concat("baseUrl");
  const remainingParameters = omit(parameters, omittedParameters);
  const isBinaryRequest = /application\/octet-stream/i.test(headers.accept);
  if (!isBinaryRequest) {
    if (options.mediaType.format) {
      headers.accept = headers.accept.split(/,/).map(
        (format) => format.replace(
          /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/,
          `application/vnd$1$2.${options.mediaType.format}`
        )
      ).join(",");
    }
    if (url.endsWith("/graphql")) {
      if (options.mediaType.previews?.length) {
        const previewsFromAcceptHeader = headers.accept.match(/(?<![\w-])[\w-]+(?=-preview)/g) || [];
        headers.accept = previewsFromAcceptHeader.concat(options.mediaType.previews).map((preview) => {
          const format = options.mediaType.format ? `.${options.mediaType.format}` : "+json";
          return `application/vnd.github.${preview}-preview${format}`;
        }).join(",");
      }
    }
  }
  if (["GET", "HEAD"].includes(method)) {
    url = addQueryParameters(url, remainingParameters);
  } else {
    if ("data" in remainingParameters) {
      body = remainingParameters.data;
    } else {
      if (Object.keys(remainingParameters).length) {
        body = remainingParameters;
      }
    }
  }
  if (!headers["content-type"] && typeof body !== "undefined") {
    headers["content-type"] = "application/json; charset=utf-8";
  }
  if (["PATCH", "PUT"].includes(method) && typeof body === "undefined") {
    body = "";
  }
  return Object.assign(
    { method, url, headers },
    typeof body !== "undefined" ? { body } : null,
    options.request ? { request: options.request } : null
  );
}
function endpointWithDefaults(defaults2, route, options) {
  return parse(merge(defaults2, route, options));
}
function withDefaults(oldDefaults, newDefaults) {
  const DEFAULTS2 = merge(oldDefaults, newDefaults);
  const endpoint2 = endpointWithDefaults.bind(null, DEFAULTS2);
  return Object.assign(endpoint2, {
    DEFAULTS: DEFAULTS2,
    defaults: withDefaults.bind(null, DEFAULTS2),
    merge: merge.bind(null, DEFAULTS2),
    parse
  });
}
var VERSION, userAgent, DEFAULTS, urlVariableRegex, endpoint;
var init_dist_bundle = __esm({
  "node_modules/@octokit/endpoint/dist-bundle/index.js"() {
    init_universal_user_agent();
    VERSION = "0.0.0-development";
    userAgent = `octokit-endpoint.js/${VERSION} ${getUserAgent()}`;
    DEFAULTS = {
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": userAgent
      },
      mediaType: {
        format: ""
      }
    };
    urlVariableRegex = /\{[^{}}]+\}/g;
    endpoint = withDefaults(null, DEFAULTS);
  }
});

// node_modules/@octokit/request/node_modules/content-type/dist/index.js
var require_dist2 = __commonJS({
  "node_modules/@octokit/request/node_modules/content-type/dist/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.format = format;
    exports.parse = parse3;
    var TEXT_REGEXP = /^[\u0009\u0020-\u007e\u0080-\u00ff]*$/;
    var TOKEN_REGEXP = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
    var QUOTE_REGEXP = /[\\"]/g;
    var TYPE_REGEXP = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
    var NullObject = /* @__PURE__ */ (() => {
      const C = function() {
      };
      C.prototype = /* @__PURE__ */ Object.create(null);
      return C;
    })();
    function format(obj) {
      const { type, parameters } = obj;
      if (!type || !TYPE_REGEXP.test(type)) {
        throw new TypeError(`Invalid type: ${type}`);
      }
      let result = type;
      if (parameters) {
        for (const param of Object.keys(parameters)) {
          if (!TOKEN_REGEXP.test(param)) {
            throw new TypeError(`Invalid parameter name: ${param}`);
          }
          result += `; ${param}=${qstring(parameters[param])}`;
        }
      }
      return result;
    }
    function parse3(header, options) {
      const stopChar = options?.comma === true ? COMMA : 65536;
      const len = header.length;
      let index = skipOWS(header, options?.start ?? 0, len);
      const valueStart = index;
      index = skipValue(header, index, len, stopChar);
      const valueEnd = trailingOWS(header, valueStart, index);
      const type = header.slice(valueStart, valueEnd).toLowerCase();
      if (options?.parameters === false) {
        return { type, index, parameters: new NullObject() };
      }
      return parseParameters(header, type, index, len, stopChar);
    }
    var SP = 32;
    var HTAB = 9;
    var SEMI = 59;
    var EQ = 61;
    var DQUOTE = 34;
    var BSLASH = 92;
    var COMMA = 44;
    function parseParameters(header, type, index, len, stopChar) {
      const parameters = new NullObject();
      parameter: while (index < len) {
        if (header.charCodeAt(index) === stopChar)
          break;
        index = skipOWS(header, index + 1, len);
        const keyStart = index;
        while (index < len) {
          const code = header.charCodeAt(index);
          if (code === stopChar)
            break parameter;
          if (code === SEMI)
            continue parameter;
          if (code === EQ) {
            const keyEnd = trailingOWS(header, keyStart, index);
            const key = header.slice(keyStart, keyEnd).toLowerCase();
            index = skipOWS(header, index + 1, len);
            if (index < len && header.charCodeAt(index) === DQUOTE) {
              index++;
              let value4 = "";
              while (index < len) {
                const code2 = header.charCodeAt(index++);
                if (code2 === DQUOTE) {
                  index = skipValue(header, index, len, stopChar);
                  if (parameters[key] === void 0)
                    parameters[key] = value4;
                  break;
                }
                if (code2 === BSLASH && index < len) {
                  value4 += header[index++];
                  continue;
                }
                value4 += String.fromCharCode(code2);
              }
              continue parameter;
            }
            const valueStart = index;
            index = skipValue(header, index, len, stopChar);
            if (parameters[key] === void 0) {
              const valueEnd = trailingOWS(header, valueStart, index);
              parameters[key] = header.slice(valueStart, valueEnd);
            }
            continue parameter;
          }
          index++;
        }
      }
      return { type, index, parameters };
    }
    function skipValue(str, index, len, stopChar) {
      while (index < len) {
        const code = str.charCodeAt(index);
        if (code === SEMI || code === stopChar)
          break;
        index++;
      }
      return index;
    }
    function skipOWS(header, index, len) {
      while (index < len) {
        const char = header.charCodeAt(index);
        if (char !== SP && char !== HTAB)
          break;
        index++;
      }
      return index;
    }
    function trailingOWS(header, start, end) {
      while (end > start) {
        const char = header.charCodeAt(end - 1);
        if (char !== SP && char !== HTAB)
          break;
        end--;
      }
      return end;
    }
    function qstring(str) {
      if (TOKEN_REGEXP.test(str))
        return str;
      if (TEXT_REGEXP.test(str))
        return `"${str.replace(QUOTE_REGEXP, "\\$&")}"`;
      throw new TypeError(`Invalid parameter value: ${str}`);
    }
  }
});

// node_modules/json-with-bigint/json-with-bigint.js
var intRegex, noiseValue, originalStringify, originalParse, customFormat, bigIntsStringify, noiseStringify, isUnstringifiable, isRawJSON, stringifyIteratively, JSONStringify, featureCache, isContextSourceSupported, convertMarkedBigIntsReviver, JSONParseV2, MAX_INT, MAX_DIGITS, stringsOrLargeNumbers, noiseValueWithQuotes, applyReviverIteratively, serializeBigInts, JSONParse;
var init_json_with_bigint = __esm({
  "node_modules/json-with-bigint/json-with-bigint.js"() {
    intRegex = /^-?\d+$/;
    noiseValue = /^-?\d+n+$/;
    originalStringify = JSON.stringify;
    originalParse = JSON.parse;
    customFormat = /^-?\d+n$/;
    bigIntsStringify = /([\[:])?"(-?\d+)n"($|\s*[,\}\]])/g;
    noiseStringify = /([\[:])?("-?\d+n+)n("$|"\s*[,\}\]])/g;
    isUnstringifiable = (val) => val === void 0 || typeof val === "function" || typeof val === "symbol";
    isRawJSON = (val) => val !== null && typeof val === "object" && val.constructor && val.constructor.name === "RawJSON";
    stringifyIteratively = (rootValue, replacer, spaceParam) => {
      let space = "";
      if (typeof spaceParam === "number") {
        space = " ".repeat(Math.min(10, Math.max(0, Math.floor(spaceParam))));
      } else if (typeof spaceParam === "string") {
        space = spaceParam.slice(0, 10);
      }
      const isFunctionReplacer = typeof replacer === "function";
      const propertyList = Array.isArray(replacer) ? new Set(replacer.map(String)) : null;
      const prepareVal = (parent, key, val) => {
        const isObject = val !== null && typeof val === "object";
        const hasToJSON = isObject && typeof val.toJSON === "function";
        if (hasToJSON) {
          val = val.toJSON(key);
        }
        const isNoise = typeof val === "string" && noiseValue.test(val);
        if (isNoise) return val + "n";
        const isBigInt = typeof val === "bigint";
        if (isBigInt) {
          const supportsRawJSON = "rawJSON" in JSON;
          if (supportsRawJSON) return JSON.rawJSON(val.toString());
          return val.toString() + "n";
        }
        if (isFunctionReplacer) {
          val = replacer.call(parent, key, val);
        }
        const isPostReplacerObject = val !== null && typeof val === "object";
        if (isPostReplacerObject) {
          const isPrimitiveWrapper = val instanceof Number || val instanceof String || val instanceof Boolean;
          if (isPrimitiveWrapper) {
            val = val.valueOf();
          }
        }
        return val;
      };
      const rootProcessed = prepareVal({ "": rootValue }, "", rootValue);
      if (isUnstringifiable(rootProcessed)) {
        return void 0;
      }
      const isRootPrimitive = rootProcessed === null || typeof rootProcessed !== "object";
      const isRootNativeRawJSON = isRawJSON(rootProcessed);
      if (isRootPrimitive || isRootNativeRawJSON) {
        return originalStringify(rootProcessed);
      }
      const chunks = [];
      let level = 0;
      const stack = [
        {
          parent: { "": rootProcessed },
          key: "",
          val: rootProcessed,
          isArray: Array.isArray(rootProcessed),
          keys: Array.isArray(rootProcessed) ? null : Object.keys(rootProcessed),
          index: 0,
          first: true
        }
      ];
      const visited = new WeakSet([rootProcessed]);
      while (stack.length > 0) {
        const node = stack[stack.length - 1];
        if (node.index === 0) {
          chunks.push(node.isArray ? "[" : "{");
          level++;
        }
        let isDone = false;
        if (node.isArray) {
          if (node.index < node.val.length) {
            if (!node.first) chunks.push(",");
            if (space) chunks.push("\n" + space.repeat(level));
            const childRaw = node.val[node.index];
            const childVal = prepareVal(node.val, String(node.index), childRaw);
            if (isUnstringifiable(childVal)) {
              chunks.push("null");
              node.first = false;
              node.index++;
            } else {
              const isComplexObject = childVal !== null && typeof childVal === "object";
              const isNativeRaw = isRawJSON(childVal);
              if (isComplexObject && !isNativeRaw) {
                if (visited.has(childVal)) {
                  throw new TypeError("Converting circular structure to JSON");
                }
                visited.add(childVal);
                stack.push({
                  parent: node.val,
                  key: String(node.index),
                  val: childVal,
                  isArray: Array.isArray(childVal),
                  keys: Array.isArray(childVal) ? null : Object.keys(childVal),
                  index: 0,
                  first: true
                });
                node.first = false;
                node.index++;
              } else {
                chunks.push(originalStringify(childVal));
                node.first = false;
                node.index++;
              }
            }
          } else {
            isDone = true;
          }
        } else {
          while (node.index < node.keys.length) {
            const k = node.keys[node.index++];
            const isFilteredOutByArray = propertyList && !propertyList.has(k);
            if (isFilteredOutByArray) continue;
            const childRaw = node.val[k];
            const childVal = prepareVal(node.val, k, childRaw);
            if (isUnstringifiable(childVal)) continue;
            if (!node.first) chunks.push(",");
            if (space) {
              chunks.push("\n" + space.repeat(level) + originalStringify(k) + ": ");
            } else {
              chunks.push(originalStringify(k) + ":");
            }
            const isComplexObject = childVal !== null && typeof childVal === "object";
            const isNativeRaw = isRawJSON(childVal);
            if (isComplexObject && !isNativeRaw) {
              if (visited.has(childVal)) {
                throw new TypeError("Converting circular structure to JSON");
              }
              visited.add(childVal);
              stack.push({
                parent: node.val,
                key: k,
                val: childVal,
                isArray: Array.isArray(childVal),
                keys: Array.isArray(childVal) ? null : Object.keys(childVal),
                index: 0,
                first: true
              });
              node.first = false;
              break;
            } else {
              chunks.push(originalStringify(childVal));
              node.first = false;
            }
          }
          const isNodeFullyProcessed = node.index >= node.keys.length && stack[stack.length - 1] === node;
          if (isNodeFullyProcessed) {
            isDone = true;
          }
        }
        if (isDone) {
          level--;
          if (!node.first && space) chunks.push("\n" + space.repeat(level));
          chunks.push(node.isArray ? "]" : "}");
          visited.delete(node.val);
          stack.pop();
        }
      }
      return chunks.join("");
    };
    JSONStringify = (value4, replacer, space) => {
      try {
        const supportsRawJSON = "rawJSON" in JSON;
        if (supportsRawJSON) {
          return originalStringify(
            value4,
            (key, val) => {
              if (typeof val === "bigint") return JSON.rawJSON(val.toString());
              const hasFunctionReplacer = typeof replacer === "function";
              if (hasFunctionReplacer) return replacer(key, val);
              const isKeyInArrayReplacer = Array.isArray(replacer) && replacer.includes(key);
              if (isKeyInArrayReplacer) return val;
              return val;
            },
            space
          );
        }
        if (!value4) return originalStringify(value4, replacer, space);
        const convertedToCustomJSON = originalStringify(
          value4,
          (key, val) => {
            const isNoise = typeof val === "string" && noiseValue.test(val);
            if (isNoise) return val.toString() + "n";
            if (typeof val === "bigint") return val.toString() + "n";
            const hasFunctionReplacer = typeof replacer === "function";
            if (hasFunctionReplacer) return replacer(key, val);
            const isKeyInArrayReplacer = Array.isArray(replacer) && replacer.includes(key);
            if (isKeyInArrayReplacer) return val;
            return val;
          },
          space
        );
        const processedJSON = convertedToCustomJSON.replace(
          bigIntsStringify,
          "$1$2$3"
        );
        const denoisedJSON = processedJSON.replace(noiseStringify, "$1$2$3");
        return denoisedJSON;
      } catch (error) {
        if (error instanceof RangeError) {
          const convertedJSON = stringifyIteratively(value4, replacer, space);
          if (convertedJSON === void 0) return void 0;
          const supportsRawJSON = "rawJSON" in JSON;
          if (supportsRawJSON) return convertedJSON;
          const processedJSON = convertedJSON.replace(bigIntsStringify, "$1$2$3");
          return processedJSON.replace(noiseStringify, "$1$2$3");
        }
        throw error;
      }
    };
    featureCache = /* @__PURE__ */ new Map();
    isContextSourceSupported = () => {
      const parseFingerprint = JSON.parse.toString();
      if (featureCache.has(parseFingerprint)) {
        return featureCache.get(parseFingerprint);
      }
      try {
        const result = JSON.parse(
          "1",
          (_, __, context) => !!context?.source && context.source === "1"
        );
        featureCache.set(parseFingerprint, result);
        return result;
      } catch {
        featureCache.set(parseFingerprint, false);
        return false;
      }
    };
    convertMarkedBigIntsReviver = (key, value4, context, userReviver) => {
      const isCustomFormatBigInt = typeof value4 === "string" && customFormat.test(value4);
      if (isCustomFormatBigInt) return BigInt(value4.slice(0, -1));
      const isNoiseValue = typeof value4 === "string" && noiseValue.test(value4);
      if (isNoiseValue) return value4.slice(0, -1);
      const hasUserReviver = typeof userReviver === "function";
      if (!hasUserReviver) return value4;
      return userReviver(key, value4, context);
    };
    JSONParseV2 = (text2, reviver) => {
      return JSON.parse(text2, (key, value4, context) => {
        const isNumber = typeof value4 === "number";
        const isOutOfBounds = value4 > Number.MAX_SAFE_INTEGER || value4 < Number.MIN_SAFE_INTEGER;
        const isBigNumber = isNumber && isOutOfBounds;
        const isInt = context && intRegex.test(context.source);
        const isBigInt = isBigNumber && isInt;
        if (isBigInt) return BigInt(context.source);
        const hasCustomReviver = typeof reviver === "function";
        if (!hasCustomReviver) return value4;
        return reviver(key, value4, context);
      });
    };
    MAX_INT = Number.MAX_SAFE_INTEGER.toString();
    MAX_DIGITS = MAX_INT.length;
    stringsOrLargeNumbers = /"(?:[^"\\]|\\.)*"|-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/g;
    noiseValueWithQuotes = /^"-?\d+n+"$/;
    applyReviverIteratively = (parsed, userReviver) => {
      const rootHolder = { "": parsed };
      const stack = [{ parent: rootHolder, key: "", visited: false }];
      while (stack.length > 0) {
        const node = stack[stack.length - 1];
        if (!node.visited) {
          node.visited = true;
          const value4 = node.parent[node.key];
          const isComplexObject = value4 !== null && typeof value4 === "object";
          if (isComplexObject) {
            const keys = Object.keys(value4);
            for (let i = keys.length - 1; i >= 0; i--) {
              stack.push({ parent: value4, key: keys[i], visited: false });
            }
          }
        } else {
          const { parent, key } = node;
          let value4 = parent[key];
          if (typeof value4 === "string") {
            const isCustomFormatBigInt = customFormat.test(value4);
            if (isCustomFormatBigInt) {
              value4 = BigInt(value4.slice(0, -1));
            } else {
              const isNoise = noiseValue.test(value4);
              if (isNoise) value4 = value4.slice(0, -1);
            }
          }
          const hasUserReviver = typeof userReviver === "function";
          if (hasUserReviver) {
            value4 = userReviver.call(parent, key, value4);
          }
          const isDeleted = value4 === void 0;
          if (isDeleted) {
            delete parent[key];
          } else {
            parent[key] = value4;
          }
          stack.pop();
        }
      }
      return rootHolder[""];
    };
    serializeBigInts = (text2) => {
      return text2.replace(
        stringsOrLargeNumbers,
        (match, digits, fractional, exponential) => {
          const isString = match[0] === '"';
          const isNoise = isString && noiseValueWithQuotes.test(match);
          if (isNoise) return match.substring(0, match.length - 1) + 'n"';
          const hasFractionalOrExponential = fractional || exponential;
          const isLessThanMaxSafeInt = digits && (digits.length < MAX_DIGITS || digits.length === MAX_DIGITS && digits <= MAX_INT);
          const isStandardValue = isString || hasFractionalOrExponential || isLessThanMaxSafeInt;
          if (isStandardValue) return match;
          return '"' + match + 'n"';
        }
      );
    };
    JSONParse = (text2, reviver) => {
      if (!text2) return originalParse(text2, reviver);
      try {
        if (isContextSourceSupported()) return JSONParseV2(text2, reviver);
        const serializedData = serializeBigInts(text2);
        return originalParse(
          serializedData,
          (key, value4, context) => convertMarkedBigIntsReviver(key, value4, context, reviver)
        );
      } catch (error) {
        if (error instanceof RangeError) {
          const serializedData = serializeBigInts(text2);
          const parsed = originalParse(serializedData);
          return applyReviverIteratively(parsed, reviver);
        }
        throw error;
      }
    };
  }
});

// node_modules/@octokit/request-error/dist-src/index.js
var RequestError;
var init_dist_src = __esm({
  "node_modules/@octokit/request-error/dist-src/index.js"() {
    RequestError = class extends Error {
      name;
      /**
       * http status code
       */
      status;
      /**
       * Request options that lead to the error.
       */
      request;
      /**
       * Response object if a response was received
       */
      response;
      constructor(message, statusCode, options) {
        super(message, { cause: options.cause });
        this.name = "HttpError";
        this.status = Number.parseInt(statusCode);
        if (Number.isNaN(this.status)) {
          this.status = 0;
        }
        if ("response" in options) {
          this.response = options.response;
        }
        const requestCopy = Object.assign({}, options.request);
        if (options.request.headers.authorization) {
          requestCopy.headers = Object.assign({}, options.request.headers, {
            authorization: options.request.headers.authorization.replace(
              /(?<! ) .*$/,
              " [REDACTED]"
            )
          });
        }
        requestCopy.url = requestCopy.url.replace(/\bclient_secret=\w+/g, "client_secret=[REDACTED]").replace(/\baccess_token=\w+/g, "access_token=[REDACTED]");
        this.request = requestCopy;
      }
    };
  }
});

// node_modules/@octokit/request/dist-bundle/index.js
function isPlainObject2(value4) {
  if (typeof value4 !== "object" || value4 === null) return false;
  if (Object.prototype.toString.call(value4) !== "[object Object]") return false;
  const proto = Object.getPrototypeOf(value4);
  if (proto === null) return true;
  const Ctor = Object.prototype.hasOwnProperty.call(proto, "constructor") && proto.constructor;
  return typeof Ctor === "function" && Ctor instanceof Ctor && Function.prototype.call(Ctor) === Function.prototype.call(value4);
}
async function fetchWrapper(requestOptions) {
  const fetch = requestOptions.request?.fetch || globalThis.fetch;
  if (!fetch) {
    throw new Error(
      "fetch is not set. Please pass a fetch implementation as new Octokit({ request: { fetch }}). Learn more at https://github.com/octokit/octokit.js/#fetch-missing"
    );
  }
  const log2 = requestOptions.request?.log || console;
  const parseSuccessResponseBody = requestOptions.request?.parseSuccessResponseBody !== false;
  const body = isPlainObject2(requestOptions.body) || Array.isArray(requestOptions.body) ? JSONStringify(requestOptions.body) : requestOptions.body;
  const requestHeaders = Object.fromEntries(
    Object.entries(requestOptions.headers).map(([name, value4]) => [
      name,
      String(value4)
    ])
  );
  let fetchResponse;
  try {
    fetchResponse = await fetch(requestOptions.url, {
      method: requestOptions.method,
      body,
      redirect: requestOptions.request?.redirect,
      headers: requestHeaders,
      signal: requestOptions.request?.signal,
      // duplex must be set if request.body is ReadableStream or Async Iterables.
      // See https://fetch.spec.whatwg.org/#dom-requestinit-duplex.
      ...requestOptions.body && { duplex: "half" }
    });
  } catch (error) {
    let message = "Unknown Error";
    if (error instanceof Error) {
      if (error.name === "AbortError") {
        error.status = 500;
        throw error;
      }
      message = error.message;
      if (error.name === "TypeError" && "cause" in error) {
        if (error.cause instanceof Error) {
          message = error.cause.message;
        } else if (typeof error.cause === "string") {
          message = error.cause;
        }
      }
    }
    const requestError = new RequestError(message, 500, {
      request: requestOptions
    });
    requestError.cause = error;
    throw requestError;
  }
  const status = fetchResponse.status;
  const url = fetchResponse.url;
  const responseHeaders = {};
  for (const [key, value4] of fetchResponse.headers) {
    responseHeaders[key] = value4;
  }
  const octokitResponse = {
    url,
    status,
    headers: responseHeaders,
    data: ""
  };
  if ("deprecation" in responseHeaders) {
    const matches = responseHeaders.link && responseHeaders.link.match(/<([^<>]+)>; rel="deprecation"/);
    const deprecationLink = matches && matches.pop();
    log2.warn(
      `[@octokit/request] "${requestOptions.method} ${requestOptions.url}" is deprecated. It is scheduled to be removed on ${responseHeaders.sunset}${deprecationLink ? `. See ${deprecationLink}` : ""}`
    );
  }
  if (status === 204 || status === 205) {
    return octokitResponse;
  }
  if (requestOptions.method === "HEAD") {
    if (status < 400) {
      return octokitResponse;
    }
    throw new RequestError(fetchResponse.statusText, status, {
      response: octokitResponse,
      request: requestOptions
    });
  }
  if (status === 304) {
    octokitResponse.data = await getResponseData(fetchResponse);
    throw new RequestError("Not modified", status, {
      response: octokitResponse,
      request: requestOptions
    });
  }
  if (status >= 400) {
    octokitResponse.data = await getResponseData(fetchResponse);
    throw new RequestError(toErrorMessage(octokitResponse.data), status, {
      response: octokitResponse,
      request: requestOptions
    });
  }
  octokitResponse.data = parseSuccessResponseBody ? await getResponseData(fetchResponse) : fetchResponse.body;
  return octokitResponse;
}
async function getResponseData(response) {
  const contentType = response.headers.get("content-type");
  if (!contentType) {
    return response.text().catch(noop);
  }
  const mimetype = (0, import_content_type.parse)(contentType);
  if (isJSONResponse(mimetype)) {
    let text2 = "";
    try {
      text2 = await response.text();
      return JSONParse(text2);
    } catch (err) {
      return text2;
    }
  } else if (mimetype.type.startsWith("text/") || // `application/octet-stream` is the canonical "arbitrary binary" type
  // (RFC 2046) and must never be decoded as text, even when the response
  // carries a (misleading) `charset=utf-8` parameter — see #751.
  mimetype.parameters.charset?.toLowerCase() === "utf-8" && mimetype.type !== "application/octet-stream") {
    return response.text().catch(noop);
  } else {
    return response.arrayBuffer().catch(
      /* v8 ignore next -- @preserve */
      () => new ArrayBuffer(0)
    );
  }
}
function isJSONResponse(mimetype) {
  return mimetype.type === "application/json" || mimetype.type === "application/scim+json";
}
function toErrorMessage(data) {
  if (typeof data === "string") {
    return data;
  }
  if (data instanceof ArrayBuffer) {
    return "Unknown error";
  }
  if (typeof data === "object" && data !== null && "message" in data) {
    const objectData = data;
    const suffix = "documentation_url" in objectData ? ` - ${objectData.documentation_url}` : "";
    return Array.isArray(objectData.errors) ? `${objectData.message}: ${objectData.errors.map((v) => JSON.stringify(v)).join(", ")}${suffix}` : `${objectData.message}${suffix}`;
  }
  return `Unknown error: ${JSON.stringify(data)}`;
}
function withDefaults2(oldEndpoint, newDefaults) {
  const endpoint2 = oldEndpoint.defaults(newDefaults);
  const newApi = function(route, parameters) {
    const endpointOptions = endpoint2.merge(route, parameters);
    if (!endpointOptions.request || !endpointOptions.request.hook) {
      return fetchWrapper(endpoint2.parse(endpointOptions));
    }
    const request2 = (route2, parameters2) => {
      return fetchWrapper(
        endpoint2.parse(endpoint2.merge(route2, parameters2))
      );
    };
    Object.assign(request2, {
      endpoint: endpoint2,
      defaults: withDefaults2.bind(null, endpoint2)
    });
    return endpointOptions.request.hook(request2, endpointOptions);
  };
  return Object.assign(newApi, {
    endpoint: endpoint2,
    defaults: withDefaults2.bind(null, endpoint2)
  });
}
var import_content_type, VERSION2, defaults_default, noop, request;
var init_dist_bundle2 = __esm({
  "node_modules/@octokit/request/dist-bundle/index.js"() {
    init_dist_bundle();
    init_universal_user_agent();
    import_content_type = __toESM(require_dist2(), 1);
    init_json_with_bigint();
    init_dist_src();
    VERSION2 = "10.0.16";
    defaults_default = {
      headers: {
        "user-agent": `octokit-request.js/${VERSION2} ${getUserAgent()}`
      }
    };
    noop = () => "";
    request = withDefaults2(endpoint, defaults_default);
  }
});

// node_modules/@octokit/graphql/dist-bundle/index.js
function _buildMessageForResponseErrors(data) {
  return `Request failed due to following response errors:
` + data.errors.map((e) => ` - ${e.message}`).join("\n");
}
function graphql(request2, query, options) {
  if (options) {
    if (typeof query === "string" && "query" in options) {
      return Promise.reject(
        new Error(`[@octokit/graphql] "query" cannot be used as variable name`)
      );
    }
    for (const key in options) {
      if (!FORBIDDEN_VARIABLE_OPTIONS.includes(key)) continue;
      return Promise.reject(
        new Error(
          `[@octokit/graphql] "${key}" cannot be used as variable name`
        )
      );
    }
  }
  const parsedOptions = typeof query === "string" ? Object.assign({ query }, options) : query;
  const requestOptions = Object.keys(
    parsedOptions
  ).reduce((result, key) => {
    if (NON_VARIABLE_OPTIONS.includes(key)) {
      result[key] = parsedOptions[key];
      return result;
    }
    if (!result.variables) {
      result.variables = {};
    }
    result.variables[key] = parsedOptions[key];
    return result;
  }, {});
  const baseUrl = parsedOptions.baseUrl || request2.endpoint.DEFAULTS.baseUrl;
  if (GHES_V3_SUFFIX_REGEX.test(baseUrl)) {
    requestOptions.url = baseUrl.replace(GHES_V3_SUFFIX_REGEX, "/api/graphql");
  }
  return request2(requestOptions).then((response) => {
    if (response.data.errors) {
      const headers = {};
      for (const key of Object.keys(response.headers)) {
        headers[key] = response.headers[key];
      }
      throw new GraphqlResponseError(
        requestOptions,
        headers,
        response.data
      );
    }
    return response.data.data;
  });
}
function withDefaults3(request2, newDefaults) {
  const newRequest = request2.defaults(newDefaults);
  const newApi = (query, options) => {
    return graphql(newRequest, query, options);
  };
  return Object.assign(newApi, {
    defaults: withDefaults3.bind(null, newRequest),
    endpoint: newRequest.endpoint
  });
}
function withCustomRequest(customRequest) {
  return withDefaults3(customRequest, {
    method: "POST",
    url: "/graphql"
  });
}
var VERSION3, GraphqlResponseError, NON_VARIABLE_OPTIONS, FORBIDDEN_VARIABLE_OPTIONS, GHES_V3_SUFFIX_REGEX, graphql2;
var init_dist_bundle3 = __esm({
  "node_modules/@octokit/graphql/dist-bundle/index.js"() {
    init_dist_bundle2();
    init_universal_user_agent();
    VERSION3 = "0.0.0-development";
    GraphqlResponseError = class extends Error {
      constructor(request2, headers, response) {
        super(_buildMessageForResponseErrors(response));
        this.request = request2;
        this.headers = headers;
        this.response = response;
        this.errors = response.errors;
        this.data = response.data;
        if (Error.captureStackTrace) {
          Error.captureStackTrace(this, this.constructor);
        }
      }
      request;
      headers;
      response;
      name = "GraphqlResponseError";
      errors;
      data;
    };
    NON_VARIABLE_OPTIONS = [
      "method",
      "baseUrl",
      "url",
      "headers",
      "request",
      "query",
      "mediaType",
      "operationName"
    ];
    FORBIDDEN_VARIABLE_OPTIONS = ["query", "method", "url"];
    GHES_V3_SUFFIX_REGEX = /\/api\/v3\/?$/;
    graphql2 = withDefaults3(request, {
      headers: {
        "user-agent": `octokit-graphql.js/${VERSION3} ${getUserAgent()}`
      },
      method: "POST",
      url: "/graphql"
    });
  }
});

// node_modules/@octokit/auth-token/dist-bundle/index.js
async function auth(token) {
  const isApp = isJWT(token);
  const isInstallation = token.startsWith("v1.") || token.startsWith("ghs_");
  const isUserToServer = token.startsWith("ghu_");
  const tokenType = isApp ? "app" : isInstallation ? "installation" : isUserToServer ? "user-to-server" : "oauth";
  return {
    type: "token",
    token,
    tokenType
  };
}
function withAuthorizationPrefix(token) {
  if (token.split(/\./).length === 3) {
    return `bearer ${token}`;
  }
  return `token ${token}`;
}
async function hook(token, request2, route, parameters) {
  const endpoint2 = request2.endpoint.merge(
    route,
    parameters
  );
  endpoint2.headers.authorization = withAuthorizationPrefix(token);
  return request2(endpoint2);
}
var b64url, sep, jwtRE, isJWT, createTokenAuth;
var init_dist_bundle4 = __esm({
  "node_modules/@octokit/auth-token/dist-bundle/index.js"() {
    b64url = "(?:[a-zA-Z0-9_-]+)";
    sep = "\\.";
    jwtRE = new RegExp(`^${b64url}${sep}${b64url}${sep}${b64url}$`);
    isJWT = jwtRE.test.bind(jwtRE);
    createTokenAuth = function createTokenAuth2(token) {
      if (!token) {
        throw new Error("[@octokit/auth-token] No token passed to createTokenAuth");
      }
      if (typeof token !== "string") {
        throw new Error(
          "[@octokit/auth-token] Token passed to createTokenAuth is not a string"
        );
      }
      token = token.replace(/^(token|bearer) +/i, "");
      return Object.assign(auth.bind(null, token), {
        hook: hook.bind(null, token)
      });
    };
  }
});

// node_modules/@octokit/core/dist-src/version.js
var VERSION4;
var init_version = __esm({
  "node_modules/@octokit/core/dist-src/version.js"() {
    VERSION4 = "7.0.8";
  }
});

// node_modules/@octokit/core/dist-src/index.js
function createLogger(logger = {}) {
  if (typeof logger.debug !== "function") {
    logger.debug = noop2;
  }
  if (typeof logger.info !== "function") {
    logger.info = noop2;
  }
  if (typeof logger.warn !== "function") {
    logger.warn = consoleWarn;
  }
  if (typeof logger.error !== "function") {
    logger.error = consoleError;
  }
  return logger;
}
var noop2, consoleWarn, consoleError, userAgentTrail, Octokit;
var init_dist_src2 = __esm({
  "node_modules/@octokit/core/dist-src/index.js"() {
    init_universal_user_agent();
    init_before_after_hook();
    init_dist_bundle2();
    init_dist_bundle3();
    init_dist_bundle4();
    init_version();
    noop2 = () => {
    };
    consoleWarn = console.warn.bind(console);
    consoleError = console.error.bind(console);
    userAgentTrail = `octokit-core.js/${VERSION4} ${getUserAgent()}`;
    Octokit = class {
      static VERSION = VERSION4;
      static defaults(defaults2) {
        const OctokitWithDefaults = class extends this {
          constructor(...args) {
            const options = args[0] || {};
            if (typeof defaults2 === "function") {
              super(defaults2(options));
              return;
            }
            super(
              Object.assign(
                {},
                defaults2,
                options,
                options.userAgent && defaults2.userAgent ? {
                  userAgent: `${options.userAgent} ${defaults2.userAgent}`
                } : null
              )
            );
          }
        };
        return OctokitWithDefaults;
      }
      static plugins = [];
      /**
       * Attach a plugin (or many) to your Octokit instance.
       *
       * @example
       * const API = Octokit.plugin(plugin1, plugin2, plugin3, ...)
       */
      static plugin(...newPlugins) {
        const currentPlugins = this.plugins;
        const NewOctokit = class extends this {
          static plugins = currentPlugins.concat(
            newPlugins.filter((plugin) => !currentPlugins.includes(plugin))
          );
        };
        return NewOctokit;
      }
      constructor(options = {}) {
        const hook2 = new before_after_hook_default.Collection();
        const requestDefaults = {
          baseUrl: request.endpoint.DEFAULTS.baseUrl,
          headers: {},
          request: Object.assign({}, options.request, {
            // @ts-ignore internal usage only, no need to type
            hook: hook2.bind(null, "request")
          }),
          mediaType: {
            previews: [],
            format: ""
          }
        };
        requestDefaults.headers["user-agent"] = options.userAgent ? `${options.userAgent} ${userAgentTrail}` : userAgentTrail;
        if (options.baseUrl) {
          requestDefaults.baseUrl = options.baseUrl;
        }
        if (options.previews) {
          requestDefaults.mediaType.previews = options.previews;
        }
        if (options.timeZone) {
          requestDefaults.headers["time-zone"] = options.timeZone;
        }
        this.request = request.defaults(requestDefaults);
        this.graphql = withCustomRequest(this.request).defaults(requestDefaults);
        this.log = createLogger(options.log);
        this.hook = hook2;
        if (!options.authStrategy) {
          if (!options.auth) {
            this.auth = async () => ({
              type: "unauthenticated"
            });
          } else {
            const auth2 = createTokenAuth(options.auth);
            hook2.wrap("request", auth2.hook);
            this.auth = auth2;
          }
        } else {
          const { authStrategy, ...otherOptions } = options;
          const auth2 = authStrategy(
            Object.assign(
              {
                request: this.request,
                log: this.log,
                // we pass the current octokit instance as well as its constructor options
                // to allow for authentication strategies that return a new octokit instance
                // that shares the same internal state as the current one. The original
                // requirement for this was the "event-octokit" authentication strategy
                // of https://github.com/probot/octokit-auth-probot.
                octokit: this,
                octokitOptions: otherOptions
              },
              options.auth
            )
          );
          hook2.wrap("request", auth2.hook);
          this.auth = auth2;
        }
        const classConstructor = this.constructor;
        for (let i = 0; i < classConstructor.plugins.length; ++i) {
          Object.assign(this, classConstructor.plugins[i](this, options));
        }
      }
      // assigned during constructor
      request;
      graphql;
      log;
      hook;
      // TODO: type `octokit.auth` based on passed options.authStrategy
      auth;
    };
  }
});

// node_modules/@octokit/plugin-paginate-rest/dist-bundle/index.js
function normalizePaginatedListResponse(response) {
  if (!response.data) {
    return {
      ...response,
      data: []
    };
  }
  const responseNeedsNormalization = ("total_count" in response.data || "total_commits" in response.data) && !("url" in response.data);
  if (!responseNeedsNormalization) return response;
  const incompleteResults = response.data.incomplete_results;
  const repositorySelection = response.data.repository_selection;
  const totalCount = response.data.total_count;
  const totalCommits = response.data.total_commits;
  delete response.data.incomplete_results;
  delete response.data.repository_selection;
  delete response.data.total_count;
  delete response.data.total_commits;
  const namespaceKey = Object.keys(response.data)[0];
  const data = response.data[namespaceKey];
  response.data = data;
  if (typeof incompleteResults !== "undefined") {
    response.data.incomplete_results = incompleteResults;
  }
  if (typeof repositorySelection !== "undefined") {
    response.data.repository_selection = repositorySelection;
  }
  response.data.total_count = totalCount;
  response.data.total_commits = totalCommits;
  return response;
}
function iterator(octokit, route, parameters) {
  const options = typeof route === "function" ? route.endpoint(parameters) : octokit.request.endpoint(route, parameters);
  const requestMethod = typeof route === "function" ? route : octokit.request;
  const method = options.method;
  const headers = options.headers;
  let url = options.url;
  return {
    [Symbol.asyncIterator]: () => ({
      async next() {
        if (!url) return { done: true };
        try {
          const response = await requestMethod({ method, url, headers });
          const normalizedResponse = normalizePaginatedListResponse(response);
          url = ((normalizedResponse.headers.link || "").match(
            /<([^<>]+)>;\s*rel="next"/
          ) || [])[1];
          if (!url && "total_commits" in normalizedResponse.data) {
            const parsedUrl = new URL(normalizedResponse.url);
            const params = parsedUrl.searchParams;
            const page = parseInt(params.get("page") || "1", 10);
            const per_page = parseInt(params.get("per_page") || "250", 10);
            if (page * per_page < normalizedResponse.data.total_commits) {
              params.set("page", String(page + 1));
              url = parsedUrl.toString();
            }
          }
          return { value: normalizedResponse };
        } catch (error) {
          if (error.status !== 409) throw error;
          url = "";
          return {
            value: {
              status: 200,
              headers: {},
              data: []
            }
          };
        }
      }
    })
  };
}
function paginate(octokit, route, parameters, mapFn) {
  if (typeof parameters === "function") {
    mapFn = parameters;
    parameters = void 0;
  }
  return gather(
    octokit,
    [],
    iterator(octokit, route, parameters)[Symbol.asyncIterator](),
    mapFn
  );
}
function gather(octokit, results, iterator2, mapFn) {
  return iterator2.next().then((result) => {
    if (result.done) {
      return results;
    }
    let earlyExit = false;
    function done() {
      earlyExit = true;
    }
    results = results.concat(
      mapFn ? mapFn(result.value, done) : result.value.data
    );
    if (earlyExit) {
      return results;
    }
    return gather(octokit, results, iterator2, mapFn);
  });
}
function paginateRest(octokit) {
  return {
    paginate: Object.assign(paginate.bind(null, octokit), {
      iterator: iterator.bind(null, octokit)
    })
  };
}
var VERSION5, composePaginateRest;
var init_dist_bundle5 = __esm({
  "node_modules/@octokit/plugin-paginate-rest/dist-bundle/index.js"() {
    VERSION5 = "0.0.0-development";
    composePaginateRest = Object.assign(paginate, {
      iterator
    });
    paginateRest.VERSION = VERSION5;
  }
});

// node_modules/bottleneck/light.js
var require_light = __commonJS({
  "node_modules/bottleneck/light.js"(exports, module) {
    (function(global2, factory) {
      typeof exports === "object" && typeof module !== "undefined" ? module.exports = factory() : typeof define === "function" && define.amd ? define(factory) : global2.Bottleneck = factory();
    })(exports, (function() {
      "use strict";
      var commonjsGlobal = typeof globalThis !== "undefined" ? globalThis : typeof window !== "undefined" ? window : typeof global !== "undefined" ? global : typeof self !== "undefined" ? self : {};
      function getCjsExportFromNamespace(n) {
        return n && n["default"] || n;
      }
      var load = function(received, defaults2, onto = {}) {
        var k, ref, v;
        for (k in defaults2) {
          v = defaults2[k];
          onto[k] = (ref = received[k]) != null ? ref : v;
        }
        return onto;
      };
      var overwrite = function(received, defaults2, onto = {}) {
        var k, v;
        for (k in received) {
          v = received[k];
          if (defaults2[k] !== void 0) {
            onto[k] = v;
          }
        }
        return onto;
      };
      var parser = {
        load,
        overwrite
      };
      var DLList;
      DLList = class DLList {
        constructor(incr, decr) {
          this.incr = incr;
          this.decr = decr;
          this._first = null;
          this._last = null;
          this.length = 0;
        }
        push(value4) {
          var node;
          this.length++;
          if (typeof this.incr === "function") {
            this.incr();
          }
          node = {
            value: value4,
            prev: this._last,
            next: null
          };
          if (this._last != null) {
            this._last.next = node;
            this._last = node;
          } else {
            this._first = this._last = node;
          }
          return void 0;
        }
        shift() {
          var value4;
          if (this._first == null) {
            return;
          } else {
            this.length--;
            if (typeof this.decr === "function") {
              this.decr();
            }
          }
          value4 = this._first.value;
          if ((this._first = this._first.next) != null) {
            this._first.prev = null;
          } else {
            this._last = null;
          }
          return value4;
        }
        first() {
          if (this._first != null) {
            return this._first.value;
          }
        }
        getArray() {
          var node, ref, results;
          node = this._first;
          results = [];
          while (node != null) {
            results.push((ref = node, node = node.next, ref.value));
          }
          return results;
        }
        forEachShift(cb) {
          var node;
          node = this.shift();
          while (node != null) {
            cb(node), node = this.shift();
          }
          return void 0;
        }
        debug() {
          var node, ref, ref1, ref2, results;
          node = this._first;
          results = [];
          while (node != null) {
            results.push((ref = node, node = node.next, {
              value: ref.value,
              prev: (ref1 = ref.prev) != null ? ref1.value : void 0,
              next: (ref2 = ref.next) != null ? ref2.value : void 0
            }));
          }
          return results;
        }
      };
      var DLList_1 = DLList;
      var Events;
      Events = class Events {
        constructor(instance) {
          this.instance = instance;
          this._events = {};
          if (this.instance.on != null || this.instance.once != null || this.instance.removeAllListeners != null) {
            throw new Error("An Emitter already exists for this object");
          }
          this.instance.on = (name, cb) => {
            return this._addListener(name, "many", cb);
          };
          this.instance.once = (name, cb) => {
            return this._addListener(name, "once", cb);
          };
          this.instance.removeAllListeners = (name = null) => {
            if (name != null) {
              return delete this._events[name];
            } else {
              return this._events = {};
            }
          };
        }
        _addListener(name, status, cb) {
          var base;
          if ((base = this._events)[name] == null) {
            base[name] = [];
          }
          this._events[name].push({ cb, status });
          return this.instance;
        }
        listenerCount(name) {
          if (this._events[name] != null) {
            return this._events[name].length;
          } else {
            return 0;
          }
        }
        async trigger(name, ...args) {
          var e, promises;
          try {
            if (name !== "debug") {
              this.trigger("debug", `Event triggered: ${name}`, args);
            }
            if (this._events[name] == null) {
              return;
            }
            this._events[name] = this._events[name].filter(function(listener) {
              return listener.status !== "none";
            });
            promises = this._events[name].map(async (listener) => {
              var e2, returned;
              if (listener.status === "none") {
                return;
              }
              if (listener.status === "once") {
                listener.status = "none";
              }
              try {
                returned = typeof listener.cb === "function" ? listener.cb(...args) : void 0;
                if (typeof (returned != null ? returned.then : void 0) === "function") {
                  return await returned;
                } else {
                  return returned;
                }
              } catch (error) {
                e2 = error;
                {
                  this.trigger("error", e2);
                }
                return null;
              }
            });
            return (await Promise.all(promises)).find(function(x) {
              return x != null;
            });
          } catch (error) {
            e = error;
            {
              this.trigger("error", e);
            }
            return null;
          }
        }
      };
      var Events_1 = Events;
      var DLList$1, Events$1, Queues;
      DLList$1 = DLList_1;
      Events$1 = Events_1;
      Queues = class Queues {
        constructor(num_priorities) {
          var i;
          this.Events = new Events$1(this);
          this._length = 0;
          this._lists = (function() {
            var j, ref, results;
            results = [];
            for (i = j = 1, ref = num_priorities; 1 <= ref ? j <= ref : j >= ref; i = 1 <= ref ? ++j : --j) {
              results.push(new DLList$1((() => {
                return this.incr();
              }), (() => {
                return this.decr();
              })));
            }
            return results;
          }).call(this);
        }
        incr() {
          if (this._length++ === 0) {
            return this.Events.trigger("leftzero");
          }
        }
        decr() {
          if (--this._length === 0) {
            return this.Events.trigger("zero");
          }
        }
        push(job) {
          return this._lists[job.options.priority].push(job);
        }
        queued(priority) {
          if (priority != null) {
            return this._lists[priority].length;
          } else {
            return this._length;
          }
        }
        shiftAll(fn) {
          return this._lists.forEach(function(list) {
            return list.forEachShift(fn);
          });
        }
        getFirst(arr = this._lists) {
          var j, len, list;
          for (j = 0, len = arr.length; j < len; j++) {
            list = arr[j];
            if (list.length > 0) {
              return list;
            }
          }
          return [];
        }
        shiftLastFrom(priority) {
          return this.getFirst(this._lists.slice(priority).reverse()).shift();
        }
      };
      var Queues_1 = Queues;
      var BottleneckError;
      BottleneckError = class BottleneckError extends Error {
      };
      var BottleneckError_1 = BottleneckError;
      var BottleneckError$1, DEFAULT_PRIORITY, Job, NUM_PRIORITIES, parser$1;
      NUM_PRIORITIES = 10;
      DEFAULT_PRIORITY = 5;
      parser$1 = parser;
      BottleneckError$1 = BottleneckError_1;
      Job = class Job {
        constructor(task, args, options, jobDefaults, rejectOnDrop, Events2, _states, Promise2) {
          this.task = task;
          this.args = args;
          this.rejectOnDrop = rejectOnDrop;
          this.Events = Events2;
          this._states = _states;
          this.Promise = Promise2;
          this.options = parser$1.load(options, jobDefaults);
          this.options.priority = this._sanitizePriority(this.options.priority);
          if (this.options.id === jobDefaults.id) {
            this.options.id = `${this.options.id}-${this._randomIndex()}`;
          }
          this.promise = new this.Promise((_resolve, _reject) => {
            this._resolve = _resolve;
            this._reject = _reject;
          });
          this.retryCount = 0;
        }
        _sanitizePriority(priority) {
          var sProperty;
          sProperty = ~~priority !== priority ? DEFAULT_PRIORITY : priority;
          if (sProperty < 0) {
            return 0;
          } else if (sProperty > NUM_PRIORITIES - 1) {
            return NUM_PRIORITIES - 1;
          } else {
            return sProperty;
          }
        }
        _randomIndex() {
          return Math.random().toString(36).slice(2);
        }
        doDrop({ error, message = "This job has been dropped by Bottleneck" } = {}) {
          if (this._states.remove(this.options.id)) {
            if (this.rejectOnDrop) {
              this._reject(error != null ? error : new BottleneckError$1(message));
            }
            this.Events.trigger("dropped", { args: this.args, options: this.options, task: this.task, promise: this.promise });
            return true;
          } else {
            return false;
          }
        }
        _assertStatus(expected) {
          var status;
          status = this._states.jobStatus(this.options.id);
          if (!(status === expected || expected === "DONE" && status === null)) {
            throw new BottleneckError$1(`Invalid job status ${status}, expected ${expected}. Please open an issue at https://github.com/SGrondin/bottleneck/issues`);
          }
        }
        doReceive() {
          this._states.start(this.options.id);
          return this.Events.trigger("received", { args: this.args, options: this.options });
        }
        doQueue(reachedHWM, blocked) {
          this._assertStatus("RECEIVED");
          this._states.next(this.options.id);
          return this.Events.trigger("queued", { args: this.args, options: this.options, reachedHWM, blocked });
        }
        doRun() {
          if (this.retryCount === 0) {
            this._assertStatus("QUEUED");
            this._states.next(this.options.id);
          } else {
            this._assertStatus("EXECUTING");
          }
          return this.Events.trigger("scheduled", { args: this.args, options: this.options });
        }
        async doExecute(chained, clearGlobalState, run2, free) {
          var error, eventInfo, passed;
          if (this.retryCount === 0) {
            this._assertStatus("RUNNING");
            this._states.next(this.options.id);
          } else {
            this._assertStatus("EXECUTING");
          }
          eventInfo = { args: this.args, options: this.options, retryCount: this.retryCount };
          this.Events.trigger("executing", eventInfo);
          try {
            passed = await (chained != null ? chained.schedule(this.options, this.task, ...this.args) : this.task(...this.args));
            if (clearGlobalState()) {
              this.doDone(eventInfo);
              await free(this.options, eventInfo);
              this._assertStatus("DONE");
              return this._resolve(passed);
            }
          } catch (error1) {
            error = error1;
            return this._onFailure(error, eventInfo, clearGlobalState, run2, free);
          }
        }
        doExpire(clearGlobalState, run2, free) {
          var error, eventInfo;
          if (this._states.jobStatus(this.options.id === "RUNNING")) {
            this._states.next(this.options.id);
          }
          this._assertStatus("EXECUTING");
          eventInfo = { args: this.args, options: this.options, retryCount: this.retryCount };
          error = new BottleneckError$1(`This job timed out after ${this.options.expiration} ms.`);
          return this._onFailure(error, eventInfo, clearGlobalState, run2, free);
        }
        async _onFailure(error, eventInfo, clearGlobalState, run2, free) {
          var retry, retryAfter;
          if (clearGlobalState()) {
            retry = await this.Events.trigger("failed", error, eventInfo);
            if (retry != null) {
              retryAfter = ~~retry;
              this.Events.trigger("retry", `Retrying ${this.options.id} after ${retryAfter} ms`, eventInfo);
              this.retryCount++;
              return run2(retryAfter);
            } else {
              this.doDone(eventInfo);
              await free(this.options, eventInfo);
              this._assertStatus("DONE");
              return this._reject(error);
            }
          }
        }
        doDone(eventInfo) {
          this._assertStatus("EXECUTING");
          this._states.next(this.options.id);
          return this.Events.trigger("done", eventInfo);
        }
      };
      var Job_1 = Job;
      var BottleneckError$2, LocalDatastore, parser$2;
      parser$2 = parser;
      BottleneckError$2 = BottleneckError_1;
      LocalDatastore = class LocalDatastore {
        constructor(instance, storeOptions, storeInstanceOptions) {
          this.instance = instance;
          this.storeOptions = storeOptions;
          this.clientId = this.instance._randomIndex();
          parser$2.load(storeInstanceOptions, storeInstanceOptions, this);
          this._nextRequest = this._lastReservoirRefresh = this._lastReservoirIncrease = Date.now();
          this._running = 0;
          this._done = 0;
          this._unblockTime = 0;
          this.ready = this.Promise.resolve();
          this.clients = {};
          this._startHeartbeat();
        }
        _startHeartbeat() {
          var base;
          if (this.heartbeat == null && (this.storeOptions.reservoirRefreshInterval != null && this.storeOptions.reservoirRefreshAmount != null || this.storeOptions.reservoirIncreaseInterval != null && this.storeOptions.reservoirIncreaseAmount != null)) {
            return typeof (base = this.heartbeat = setInterval(() => {
              var amount, incr, maximum, now, reservoir;
              now = Date.now();
              if (this.storeOptions.reservoirRefreshInterval != null && now >= this._lastReservoirRefresh + this.storeOptions.reservoirRefreshInterval) {
                this._lastReservoirRefresh = now;
                this.storeOptions.reservoir = this.storeOptions.reservoirRefreshAmount;
                this.instance._drainAll(this.computeCapacity());
              }
              if (this.storeOptions.reservoirIncreaseInterval != null && now >= this._lastReservoirIncrease + this.storeOptions.reservoirIncreaseInterval) {
                ({
                  reservoirIncreaseAmount: amount,
                  reservoirIncreaseMaximum: maximum,
                  reservoir
                } = this.storeOptions);
                this._lastReservoirIncrease = now;
                incr = maximum != null ? Math.min(amount, maximum - reservoir) : amount;
                if (incr > 0) {
                  this.storeOptions.reservoir += incr;
                  return this.instance._drainAll(this.computeCapacity());
                }
              }
            }, this.heartbeatInterval)).unref === "function" ? base.unref() : void 0;
          } else {
            return clearInterval(this.heartbeat);
          }
        }
        async __publish__(message) {
          await this.yieldLoop();
          return this.instance.Events.trigger("message", message.toString());
        }
        async __disconnect__(flush) {
          await this.yieldLoop();
          clearInterval(this.heartbeat);
          return this.Promise.resolve();
        }
        yieldLoop(t = 0) {
          return new this.Promise(function(resolve, reject) {
            return setTimeout(resolve, t);
          });
        }
        computePenalty() {
          var ref;
          return (ref = this.storeOptions.penalty) != null ? ref : 15 * this.storeOptions.minTime || 5e3;
        }
        async __updateSettings__(options) {
          await this.yieldLoop();
          parser$2.overwrite(options, options, this.storeOptions);
          this._startHeartbeat();
          this.instance._drainAll(this.computeCapacity());
          return true;
        }
        async __running__() {
          await this.yieldLoop();
          return this._running;
        }
        async __queued__() {
          await this.yieldLoop();
          return this.instance.queued();
        }
        async __done__() {
          await this.yieldLoop();
          return this._done;
        }
        async __groupCheck__(time) {
          await this.yieldLoop();
          return this._nextRequest + this.timeout < time;
        }
        computeCapacity() {
          var maxConcurrent, reservoir;
          ({ maxConcurrent, reservoir } = this.storeOptions);
          if (maxConcurrent != null && reservoir != null) {
            return Math.min(maxConcurrent - this._running, reservoir);
          } else if (maxConcurrent != null) {
            return maxConcurrent - this._running;
          } else if (reservoir != null) {
            return reservoir;
          } else {
            return null;
          }
        }
        conditionsCheck(weight) {
          var capacity;
          capacity = this.computeCapacity();
          return capacity == null || weight <= capacity;
        }
        async __incrementReservoir__(incr) {
          var reservoir;
          await this.yieldLoop();
          reservoir = this.storeOptions.reservoir += incr;
          this.instance._drainAll(this.computeCapacity());
          return reservoir;
        }
        async __currentReservoir__() {
          await this.yieldLoop();
          return this.storeOptions.reservoir;
        }
        isBlocked(now) {
          return this._unblockTime >= now;
        }
        check(weight, now) {
          return this.conditionsCheck(weight) && this._nextRequest - now <= 0;
        }
        async __check__(weight) {
          var now;
          await this.yieldLoop();
          now = Date.now();
          return this.check(weight, now);
        }
        async __register__(index, weight, expiration) {
          var now, wait;
          await this.yieldLoop();
          now = Date.now();
          if (this.conditionsCheck(weight)) {
            this._running += weight;
            if (this.storeOptions.reservoir != null) {
              this.storeOptions.reservoir -= weight;
            }
            wait = Math.max(this._nextRequest - now, 0);
            this._nextRequest = now + wait + this.storeOptions.minTime;
            return {
              success: true,
              wait,
              reservoir: this.storeOptions.reservoir
            };
          } else {
            return {
              success: false
            };
          }
        }
        strategyIsBlock() {
          return this.storeOptions.strategy === 3;
        }
        async __submit__(queueLength, weight) {
          var blocked, now, reachedHWM;
          await this.yieldLoop();
          if (this.storeOptions.maxConcurrent != null && weight > this.storeOptions.maxConcurrent) {
            throw new BottleneckError$2(`Impossible to add a job having a weight of ${weight} to a limiter having a maxConcurrent setting of ${this.storeOptions.maxConcurrent}`);
          }
          now = Date.now();
          reachedHWM = this.storeOptions.highWater != null && queueLength === this.storeOptions.highWater && !this.check(weight, now);
          blocked = this.strategyIsBlock() && (reachedHWM || this.isBlocked(now));
          if (blocked) {
            this._unblockTime = now + this.computePenalty();
            this._nextRequest = this._unblockTime + this.storeOptions.minTime;
            this.instance._dropAllQueued();
          }
          return {
            reachedHWM,
            blocked,
            strategy: this.storeOptions.strategy
          };
        }
        async __free__(index, weight) {
          await this.yieldLoop();
          this._running -= weight;
          this._done += weight;
          this.instance._drainAll(this.computeCapacity());
          return {
            running: this._running
          };
        }
      };
      var LocalDatastore_1 = LocalDatastore;
      var BottleneckError$3, States;
      BottleneckError$3 = BottleneckError_1;
      States = class States {
        constructor(status1) {
          this.status = status1;
          this._jobs = {};
          this.counts = this.status.map(function() {
            return 0;
          });
        }
        next(id) {
          var current, next;
          current = this._jobs[id];
          next = current + 1;
          if (current != null && next < this.status.length) {
            this.counts[current]--;
            this.counts[next]++;
            return this._jobs[id]++;
          } else if (current != null) {
            this.counts[current]--;
            return delete this._jobs[id];
          }
        }
        start(id) {
          var initial;
          initial = 0;
          this._jobs[id] = initial;
          return this.counts[initial]++;
        }
        remove(id) {
          var current;
          current = this._jobs[id];
          if (current != null) {
            this.counts[current]--;
            delete this._jobs[id];
          }
          return current != null;
        }
        jobStatus(id) {
          var ref;
          return (ref = this.status[this._jobs[id]]) != null ? ref : null;
        }
        statusJobs(status) {
          var k, pos, ref, results, v;
          if (status != null) {
            pos = this.status.indexOf(status);
            if (pos < 0) {
              throw new BottleneckError$3(`status must be one of ${this.status.join(", ")}`);
            }
            ref = this._jobs;
            results = [];
            for (k in ref) {
              v = ref[k];
              if (v === pos) {
                results.push(k);
              }
            }
            return results;
          } else {
            return Object.keys(this._jobs);
          }
        }
        statusCounts() {
          return this.counts.reduce(((acc, v, i) => {
            acc[this.status[i]] = v;
            return acc;
          }), {});
        }
      };
      var States_1 = States;
      var DLList$2, Sync;
      DLList$2 = DLList_1;
      Sync = class Sync {
        constructor(name, Promise2) {
          this.schedule = this.schedule.bind(this);
          this.name = name;
          this.Promise = Promise2;
          this._running = 0;
          this._queue = new DLList$2();
        }
        isEmpty() {
          return this._queue.length === 0;
        }
        async _tryToRun() {
          var args, cb, error, reject, resolve, returned, task;
          if (this._running < 1 && this._queue.length > 0) {
            this._running++;
            ({ task, args, resolve, reject } = this._queue.shift());
            cb = await (async function() {
              try {
                returned = await task(...args);
                return function() {
                  return resolve(returned);
                };
              } catch (error1) {
                error = error1;
                return function() {
                  return reject(error);
                };
              }
            })();
            this._running--;
            this._tryToRun();
            return cb();
          }
        }
        schedule(task, ...args) {
          var promise, reject, resolve;
          resolve = reject = null;
          promise = new this.Promise(function(_resolve, _reject) {
            resolve = _resolve;
            return reject = _reject;
          });
          this._queue.push({ task, args, resolve, reject });
          this._tryToRun();
          return promise;
        }
      };
      var Sync_1 = Sync;
      var version = "2.19.5";
      var version$1 = {
        version
      };
      var version$2 = /* @__PURE__ */ Object.freeze({
        version,
        default: version$1
      });
      var require$$2 = () => console.log("You must import the full version of Bottleneck in order to use this feature.");
      var require$$3 = () => console.log("You must import the full version of Bottleneck in order to use this feature.");
      var require$$4 = () => console.log("You must import the full version of Bottleneck in order to use this feature.");
      var Events$2, Group, IORedisConnection$1, RedisConnection$1, Scripts$1, parser$3;
      parser$3 = parser;
      Events$2 = Events_1;
      RedisConnection$1 = require$$2;
      IORedisConnection$1 = require$$3;
      Scripts$1 = require$$4;
      Group = (function() {
        class Group2 {
          constructor(limiterOptions = {}) {
            this.deleteKey = this.deleteKey.bind(this);
            this.limiterOptions = limiterOptions;
            parser$3.load(this.limiterOptions, this.defaults, this);
            this.Events = new Events$2(this);
            this.instances = {};
            this.Bottleneck = Bottleneck_1;
            this._startAutoCleanup();
            this.sharedConnection = this.connection != null;
            if (this.connection == null) {
              if (this.limiterOptions.datastore === "redis") {
                this.connection = new RedisConnection$1(Object.assign({}, this.limiterOptions, { Events: this.Events }));
              } else if (this.limiterOptions.datastore === "ioredis") {
                this.connection = new IORedisConnection$1(Object.assign({}, this.limiterOptions, { Events: this.Events }));
              }
            }
          }
          key(key = "") {
            var ref;
            return (ref = this.instances[key]) != null ? ref : (() => {
              var limiter;
              limiter = this.instances[key] = new this.Bottleneck(Object.assign(this.limiterOptions, {
                id: `${this.id}-${key}`,
                timeout: this.timeout,
                connection: this.connection
              }));
              this.Events.trigger("created", limiter, key);
              return limiter;
            })();
          }
          async deleteKey(key = "") {
            var deleted, instance;
            instance = this.instances[key];
            if (this.connection) {
              deleted = await this.connection.__runCommand__(["del", ...Scripts$1.allKeys(`${this.id}-${key}`)]);
            }
            if (instance != null) {
              delete this.instances[key];
              await instance.disconnect();
            }
            return instance != null || deleted > 0;
          }
          limiters() {
            var k, ref, results, v;
            ref = this.instances;
            results = [];
            for (k in ref) {
              v = ref[k];
              results.push({
                key: k,
                limiter: v
              });
            }
            return results;
          }
          keys() {
            return Object.keys(this.instances);
          }
          async clusterKeys() {
            var cursor, end, found, i, k, keys, len, next, start;
            if (this.connection == null) {
              return this.Promise.resolve(this.keys());
            }
            keys = [];
            cursor = null;
            start = `b_${this.id}-`.length;
            end = "_settings".length;
            while (cursor !== 0) {
              [next, found] = await this.connection.__runCommand__(["scan", cursor != null ? cursor : 0, "match", `b_${this.id}-*_settings`, "count", 1e4]);
              cursor = ~~next;
              for (i = 0, len = found.length; i < len; i++) {
                k = found[i];
                keys.push(k.slice(start, -end));
              }
            }
            return keys;
          }
          _startAutoCleanup() {
            var base;
            clearInterval(this.interval);
            return typeof (base = this.interval = setInterval(async () => {
              var e, k, ref, results, time, v;
              time = Date.now();
              ref = this.instances;
              results = [];
              for (k in ref) {
                v = ref[k];
                try {
                  if (await v._store.__groupCheck__(time)) {
                    results.push(this.deleteKey(k));
                  } else {
                    results.push(void 0);
                  }
                } catch (error) {
                  e = error;
                  results.push(v.Events.trigger("error", e));
                }
              }
              return results;
            }, this.timeout / 2)).unref === "function" ? base.unref() : void 0;
          }
          updateSettings(options = {}) {
            parser$3.overwrite(options, this.defaults, this);
            parser$3.overwrite(options, options, this.limiterOptions);
            if (options.timeout != null) {
              return this._startAutoCleanup();
            }
          }
          disconnect(flush = true) {
            var ref;
            if (!this.sharedConnection) {
              return (ref = this.connection) != null ? ref.disconnect(flush) : void 0;
            }
          }
        }
        Group2.prototype.defaults = {
          timeout: 1e3 * 60 * 5,
          connection: null,
          Promise,
          id: "group-key"
        };
        return Group2;
      }).call(commonjsGlobal);
      var Group_1 = Group;
      var Batcher, Events$3, parser$4;
      parser$4 = parser;
      Events$3 = Events_1;
      Batcher = (function() {
        class Batcher2 {
          constructor(options = {}) {
            this.options = options;
            parser$4.load(this.options, this.defaults, this);
            this.Events = new Events$3(this);
            this._arr = [];
            this._resetPromise();
            this._lastFlush = Date.now();
          }
          _resetPromise() {
            return this._promise = new this.Promise((res, rej) => {
              return this._resolve = res;
            });
          }
          _flush() {
            clearTimeout(this._timeout);
            this._lastFlush = Date.now();
            this._resolve();
            this.Events.trigger("batch", this._arr);
            this._arr = [];
            return this._resetPromise();
          }
          add(data) {
            var ret;
            this._arr.push(data);
            ret = this._promise;
            if (this._arr.length === this.maxSize) {
              this._flush();
            } else if (this.maxTime != null && this._arr.length === 1) {
              this._timeout = setTimeout(() => {
                return this._flush();
              }, this.maxTime);
            }
            return ret;
          }
        }
        Batcher2.prototype.defaults = {
          maxTime: null,
          maxSize: null,
          Promise
        };
        return Batcher2;
      }).call(commonjsGlobal);
      var Batcher_1 = Batcher;
      var require$$4$1 = () => console.log("You must import the full version of Bottleneck in order to use this feature.");
      var require$$8 = getCjsExportFromNamespace(version$2);
      var Bottleneck3, DEFAULT_PRIORITY$1, Events$4, Job$1, LocalDatastore$1, NUM_PRIORITIES$1, Queues$1, RedisDatastore$1, States$1, Sync$1, parser$5, splice = [].splice;
      NUM_PRIORITIES$1 = 10;
      DEFAULT_PRIORITY$1 = 5;
      parser$5 = parser;
      Queues$1 = Queues_1;
      Job$1 = Job_1;
      LocalDatastore$1 = LocalDatastore_1;
      RedisDatastore$1 = require$$4$1;
      Events$4 = Events_1;
      States$1 = States_1;
      Sync$1 = Sync_1;
      Bottleneck3 = (function() {
        class Bottleneck4 {
          constructor(options = {}, ...invalid) {
            var storeInstanceOptions, storeOptions;
            this._addToQueue = this._addToQueue.bind(this);
            this._validateOptions(options, invalid);
            parser$5.load(options, this.instanceDefaults, this);
            this._queues = new Queues$1(NUM_PRIORITIES$1);
            this._scheduled = {};
            this._states = new States$1(["RECEIVED", "QUEUED", "RUNNING", "EXECUTING"].concat(this.trackDoneStatus ? ["DONE"] : []));
            this._limiter = null;
            this.Events = new Events$4(this);
            this._submitLock = new Sync$1("submit", this.Promise);
            this._registerLock = new Sync$1("register", this.Promise);
            storeOptions = parser$5.load(options, this.storeDefaults, {});
            this._store = (function() {
              if (this.datastore === "redis" || this.datastore === "ioredis" || this.connection != null) {
                storeInstanceOptions = parser$5.load(options, this.redisStoreDefaults, {});
                return new RedisDatastore$1(this, storeOptions, storeInstanceOptions);
              } else if (this.datastore === "local") {
                storeInstanceOptions = parser$5.load(options, this.localStoreDefaults, {});
                return new LocalDatastore$1(this, storeOptions, storeInstanceOptions);
              } else {
                throw new Bottleneck4.prototype.BottleneckError(`Invalid datastore type: ${this.datastore}`);
              }
            }).call(this);
            this._queues.on("leftzero", () => {
              var ref;
              return (ref = this._store.heartbeat) != null ? typeof ref.ref === "function" ? ref.ref() : void 0 : void 0;
            });
            this._queues.on("zero", () => {
              var ref;
              return (ref = this._store.heartbeat) != null ? typeof ref.unref === "function" ? ref.unref() : void 0 : void 0;
            });
          }
          _validateOptions(options, invalid) {
            if (!(options != null && typeof options === "object" && invalid.length === 0)) {
              throw new Bottleneck4.prototype.BottleneckError("Bottleneck v2 takes a single object argument. Refer to https://github.com/SGrondin/bottleneck#upgrading-to-v2 if you're upgrading from Bottleneck v1.");
            }
          }
          ready() {
            return this._store.ready;
          }
          clients() {
            return this._store.clients;
          }
          channel() {
            return `b_${this.id}`;
          }
          channel_client() {
            return `b_${this.id}_${this._store.clientId}`;
          }
          publish(message) {
            return this._store.__publish__(message);
          }
          disconnect(flush = true) {
            return this._store.__disconnect__(flush);
          }
          chain(_limiter) {
            this._limiter = _limiter;
            return this;
          }
          queued(priority) {
            return this._queues.queued(priority);
          }
          clusterQueued() {
            return this._store.__queued__();
          }
          empty() {
            return this.queued() === 0 && this._submitLock.isEmpty();
          }
          running() {
            return this._store.__running__();
          }
          done() {
            return this._store.__done__();
          }
          jobStatus(id) {
            return this._states.jobStatus(id);
          }
          jobs(status) {
            return this._states.statusJobs(status);
          }
          counts() {
            return this._states.statusCounts();
          }
          _randomIndex() {
            return Math.random().toString(36).slice(2);
          }
          check(weight = 1) {
            return this._store.__check__(weight);
          }
          _clearGlobalState(index) {
            if (this._scheduled[index] != null) {
              clearTimeout(this._scheduled[index].expiration);
              delete this._scheduled[index];
              return true;
            } else {
              return false;
            }
          }
          async _free(index, job, options, eventInfo) {
            var e, running;
            try {
              ({ running } = await this._store.__free__(index, options.weight));
              this.Events.trigger("debug", `Freed ${options.id}`, eventInfo);
              if (running === 0 && this.empty()) {
                return this.Events.trigger("idle");
              }
            } catch (error1) {
              e = error1;
              return this.Events.trigger("error", e);
            }
          }
          _run(index, job, wait) {
            var clearGlobalState, free, run2;
            job.doRun();
            clearGlobalState = this._clearGlobalState.bind(this, index);
            run2 = this._run.bind(this, index, job);
            free = this._free.bind(this, index, job);
            return this._scheduled[index] = {
              timeout: setTimeout(() => {
                return job.doExecute(this._limiter, clearGlobalState, run2, free);
              }, wait),
              expiration: job.options.expiration != null ? setTimeout(function() {
                return job.doExpire(clearGlobalState, run2, free);
              }, wait + job.options.expiration) : void 0,
              job
            };
          }
          _drainOne(capacity) {
            return this._registerLock.schedule(() => {
              var args, index, next, options, queue;
              if (this.queued() === 0) {
                return this.Promise.resolve(null);
              }
              queue = this._queues.getFirst();
              ({ options, args } = next = queue.first());
              if (capacity != null && options.weight > capacity) {
                return this.Promise.resolve(null);
              }
              this.Events.trigger("debug", `Draining ${options.id}`, { args, options });
              index = this._randomIndex();
              return this._store.__register__(index, options.weight, options.expiration).then(({ success, wait, reservoir }) => {
                var empty;
                this.Events.trigger("debug", `Drained ${options.id}`, { success, args, options });
                if (success) {
                  queue.shift();
                  empty = this.empty();
                  if (empty) {
                    this.Events.trigger("empty");
                  }
                  if (reservoir === 0) {
                    this.Events.trigger("depleted", empty);
                  }
                  this._run(index, next, wait);
                  return this.Promise.resolve(options.weight);
                } else {
                  return this.Promise.resolve(null);
                }
              });
            });
          }
          _drainAll(capacity, total = 0) {
            return this._drainOne(capacity).then((drained) => {
              var newCapacity;
              if (drained != null) {
                newCapacity = capacity != null ? capacity - drained : capacity;
                return this._drainAll(newCapacity, total + drained);
              } else {
                return this.Promise.resolve(total);
              }
            }).catch((e) => {
              return this.Events.trigger("error", e);
            });
          }
          _dropAllQueued(message) {
            return this._queues.shiftAll(function(job) {
              return job.doDrop({ message });
            });
          }
          stop(options = {}) {
            var done, waitForExecuting;
            options = parser$5.load(options, this.stopDefaults);
            waitForExecuting = (at) => {
              var finished;
              finished = () => {
                var counts;
                counts = this._states.counts;
                return counts[0] + counts[1] + counts[2] + counts[3] === at;
              };
              return new this.Promise((resolve, reject) => {
                if (finished()) {
                  return resolve();
                } else {
                  return this.on("done", () => {
                    if (finished()) {
                      this.removeAllListeners("done");
                      return resolve();
                    }
                  });
                }
              });
            };
            done = options.dropWaitingJobs ? (this._run = function(index, next) {
              return next.doDrop({
                message: options.dropErrorMessage
              });
            }, this._drainOne = () => {
              return this.Promise.resolve(null);
            }, this._registerLock.schedule(() => {
              return this._submitLock.schedule(() => {
                var k, ref, v;
                ref = this._scheduled;
                for (k in ref) {
                  v = ref[k];
                  if (this.jobStatus(v.job.options.id) === "RUNNING") {
                    clearTimeout(v.timeout);
                    clearTimeout(v.expiration);
                    v.job.doDrop({
                      message: options.dropErrorMessage
                    });
                  }
                }
                this._dropAllQueued(options.dropErrorMessage);
                return waitForExecuting(0);
              });
            })) : this.schedule({
              priority: NUM_PRIORITIES$1 - 1,
              weight: 0
            }, () => {
              return waitForExecuting(1);
            });
            this._receive = function(job) {
              return job._reject(new Bottleneck4.prototype.BottleneckError(options.enqueueErrorMessage));
            };
            this.stop = () => {
              return this.Promise.reject(new Bottleneck4.prototype.BottleneckError("stop() has already been called"));
            };
            return done;
          }
          async _addToQueue(job) {
            var args, blocked, error, options, reachedHWM, shifted, strategy;
            ({ args, options } = job);
            try {
              ({ reachedHWM, blocked, strategy } = await this._store.__submit__(this.queued(), options.weight));
            } catch (error1) {
              error = error1;
              this.Events.trigger("debug", `Could not queue ${options.id}`, { args, options, error });
              job.doDrop({ error });
              return false;
            }
            if (blocked) {
              job.doDrop();
              return true;
            } else if (reachedHWM) {
              shifted = strategy === Bottleneck4.prototype.strategy.LEAK ? this._queues.shiftLastFrom(options.priority) : strategy === Bottleneck4.prototype.strategy.OVERFLOW_PRIORITY ? this._queues.shiftLastFrom(options.priority + 1) : strategy === Bottleneck4.prototype.strategy.OVERFLOW ? job : void 0;
              if (shifted != null) {
                shifted.doDrop();
              }
              if (shifted == null || strategy === Bottleneck4.prototype.strategy.OVERFLOW) {
                if (shifted == null) {
                  job.doDrop();
                }
                return reachedHWM;
              }
            }
            job.doQueue(reachedHWM, blocked);
            this._queues.push(job);
            await this._drainAll();
            return reachedHWM;
          }
          _receive(job) {
            if (this._states.jobStatus(job.options.id) != null) {
              job._reject(new Bottleneck4.prototype.BottleneckError(`A job with the same id already exists (id=${job.options.id})`));
              return false;
            } else {
              job.doReceive();
              return this._submitLock.schedule(this._addToQueue, job);
            }
          }
          submit(...args) {
            var cb, fn, job, options, ref, ref1, task;
            if (typeof args[0] === "function") {
              ref = args, [fn, ...args] = ref, [cb] = splice.call(args, -1);
              options = parser$5.load({}, this.jobDefaults);
            } else {
              ref1 = args, [options, fn, ...args] = ref1, [cb] = splice.call(args, -1);
              options = parser$5.load(options, this.jobDefaults);
            }
            task = (...args2) => {
              return new this.Promise(function(resolve, reject) {
                return fn(...args2, function(...args3) {
                  return (args3[0] != null ? reject : resolve)(args3);
                });
              });
            };
            job = new Job$1(task, args, options, this.jobDefaults, this.rejectOnDrop, this.Events, this._states, this.Promise);
            job.promise.then(function(args2) {
              return typeof cb === "function" ? cb(...args2) : void 0;
            }).catch(function(args2) {
              if (Array.isArray(args2)) {
                return typeof cb === "function" ? cb(...args2) : void 0;
              } else {
                return typeof cb === "function" ? cb(args2) : void 0;
              }
            });
            return this._receive(job);
          }
          schedule(...args) {
            var job, options, task;
            if (typeof args[0] === "function") {
              [task, ...args] = args;
              options = {};
            } else {
              [options, task, ...args] = args;
            }
            job = new Job$1(task, args, options, this.jobDefaults, this.rejectOnDrop, this.Events, this._states, this.Promise);
            this._receive(job);
            return job.promise;
          }
          wrap(fn) {
            var schedule, wrapped;
            schedule = this.schedule.bind(this);
            wrapped = function(...args) {
              return schedule(fn.bind(this), ...args);
            };
            wrapped.withOptions = function(options, ...args) {
              return schedule(options, fn, ...args);
            };
            return wrapped;
          }
          async updateSettings(options = {}) {
            await this._store.__updateSettings__(parser$5.overwrite(options, this.storeDefaults));
            parser$5.overwrite(options, this.instanceDefaults, this);
            return this;
          }
          currentReservoir() {
            return this._store.__currentReservoir__();
          }
          incrementReservoir(incr = 0) {
            return this._store.__incrementReservoir__(incr);
          }
        }
        Bottleneck4.default = Bottleneck4;
        Bottleneck4.Events = Events$4;
        Bottleneck4.version = Bottleneck4.prototype.version = require$$8.version;
        Bottleneck4.strategy = Bottleneck4.prototype.strategy = {
          LEAK: 1,
          OVERFLOW: 2,
          OVERFLOW_PRIORITY: 4,
          BLOCK: 3
        };
        Bottleneck4.BottleneckError = Bottleneck4.prototype.BottleneckError = BottleneckError_1;
        Bottleneck4.Group = Bottleneck4.prototype.Group = Group_1;
        Bottleneck4.RedisConnection = Bottleneck4.prototype.RedisConnection = require$$2;
        Bottleneck4.IORedisConnection = Bottleneck4.prototype.IORedisConnection = require$$3;
        Bottleneck4.Batcher = Bottleneck4.prototype.Batcher = Batcher_1;
        Bottleneck4.prototype.jobDefaults = {
          priority: DEFAULT_PRIORITY$1,
          weight: 1,
          expiration: null,
          id: "<no-id>"
        };
        Bottleneck4.prototype.storeDefaults = {
          maxConcurrent: null,
          minTime: 0,
          highWater: null,
          strategy: Bottleneck4.prototype.strategy.LEAK,
          penalty: null,
          reservoir: null,
          reservoirRefreshInterval: null,
          reservoirRefreshAmount: null,
          reservoirIncreaseInterval: null,
          reservoirIncreaseAmount: null,
          reservoirIncreaseMaximum: null
        };
        Bottleneck4.prototype.localStoreDefaults = {
          Promise,
          timeout: null,
          heartbeatInterval: 250
        };
        Bottleneck4.prototype.redisStoreDefaults = {
          Promise,
          timeout: null,
          heartbeatInterval: 5e3,
          clientTimeout: 1e4,
          Redis: null,
          clientOptions: {},
          clusterNodes: null,
          clearDatastore: false,
          connection: null
        };
        Bottleneck4.prototype.instanceDefaults = {
          datastore: "local",
          connection: null,
          id: "<no-id>",
          rejectOnDrop: true,
          trackDoneStatus: false,
          Promise
        };
        Bottleneck4.prototype.stopDefaults = {
          enqueueErrorMessage: "This limiter has been stopped and cannot accept new jobs.",
          dropWaitingJobs: true,
          dropErrorMessage: "This limiter has been stopped."
        };
        return Bottleneck4;
      }).call(commonjsGlobal);
      var Bottleneck_1 = Bottleneck3;
      var lib = Bottleneck_1;
      return lib;
    }));
  }
});

// node_modules/@octokit/plugin-throttling/dist-bundle/index.js
function wrapRequest(state, request2, options) {
  return state.retryLimiter.schedule(doRequest, state, request2, options);
}
async function doRequest(state, request2, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request2.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop3);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop3);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop3);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request2, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}
function routeMatcher(paths) {
  const regexes = paths.map(
    (path3) => path3.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck: Bottleneck3 = import_light.default,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck3, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck3();
    const events = {};
    const emitter = new Bottleneck3.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request2, options] = info.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request2.retryCount;
      request2.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request2.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request2, options) => {
    initializeBottleneck();
    return wrapRequest(state, request2, options);
  });
  return {};
}
var import_light, VERSION6, noop3, triggers_notification_paths_default, regex, triggersNotification, groups, createGroups;
var init_dist_bundle6 = __esm({
  "node_modules/@octokit/plugin-throttling/dist-bundle/index.js"() {
    import_light = __toESM(require_light(), 1);
    VERSION6 = "0.0.0-development";
    noop3 = () => Promise.resolve();
    triggers_notification_paths_default = [
      "/orgs/{org}/invitations",
      "/orgs/{org}/invitations/{invitation_id}",
      "/orgs/{org}/teams/{team_slug}/discussions",
      "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
      "/repos/{owner}/{repo}/collaborators/{username}",
      "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
      "/repos/{owner}/{repo}/issues",
      "/repos/{owner}/{repo}/issues/{issue_number}/comments",
      "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
      "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
      "/repos/{owner}/{repo}/pulls",
      "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
      "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
      "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
      "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
      "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
      "/repos/{owner}/{repo}/releases",
      "/teams/{team_id}/discussions",
      "/teams/{team_id}/discussions/{discussion_number}/comments"
    ];
    regex = routeMatcher(triggers_notification_paths_default);
    triggersNotification = regex.test.bind(regex);
    groups = {};
    createGroups = function(Bottleneck3, common) {
      groups.global = new Bottleneck3.Group({
        id: "octokit-global",
        maxConcurrent: 10,
        ...common
      });
      groups.auth = new Bottleneck3.Group({
        id: "octokit-auth",
        maxConcurrent: 1,
        ...common
      });
      groups.search = new Bottleneck3.Group({
        id: "octokit-search",
        maxConcurrent: 1,
        minTime: 2e3,
        ...common
      });
      groups.write = new Bottleneck3.Group({
        id: "octokit-write",
        maxConcurrent: 1,
        minTime: 1e3,
        ...common
      });
      groups.notifications = new Bottleneck3.Group({
        id: "octokit-notifications",
        maxConcurrent: 1,
        minTime: 3e3,
        ...common
      });
    };
    throttling.VERSION = VERSION6;
    throttling.triggersNotification = triggersNotification;
  }
});

// lib/core/retry.ts
function attemptWarning(attempt2, max, delaySeconds) {
  return `[WARN] Attempt ${attempt2}/${max} failed, retrying in ${delaySeconds}s...`;
}
function backoffDelay(attempt2, baseSeconds) {
  return baseSeconds * 2 ** (attempt2 - 1);
}
async function attempt(maxAttempts, delay, fn, options = {}) {
  const {
    retryable = () => true,
    onFailure = (n, max, seconds) => void process.stderr.write(attemptWarning(n, max, seconds) + "\n"),
    sleep: sleep2 = sleepMs,
    waitAfterLast = true
  } = options;
  let lastError;
  for (let n = 1; n <= maxAttempts; n++) {
    try {
      return await fn(n);
    } catch (error) {
      if (!retryable(error)) throw error;
      lastError = error;
      if (n === maxAttempts && !waitAfterLast) break;
      const seconds = delay(n);
      onFailure(n, maxAttempts, seconds, error);
      await sleep2(seconds * 1e3);
    }
  }
  throw new AttemptsExhausted(maxAttempts, lastError);
}
function backoff(maxAttempts = 3, baseDelaySeconds = 1, fn, options = {}) {
  return attempt(maxAttempts, (n) => backoffDelay(n, baseDelaySeconds), fn, options);
}
var sleepMs;
var init_retry = __esm({
  "lib/core/retry.ts"() {
    "use strict";
    init_errors();
    sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  }
});

// lib/core/transient.ts
import { AsyncLocalStorage } from "node:async_hooks";
function withAttempts(attempts, fn) {
  return attemptsOverride.run(attempts, fn);
}
function readAttempts(configured) {
  return attemptsOverride.getStore() ?? configured;
}
function isTransient(error) {
  return error instanceof ApiError && error.transient;
}
function describeError(error) {
  if (error instanceof RateLimited) return error.message;
  if (error instanceof ApiError) {
    if (error.status !== void 0) return `HTTP ${error.status}: ${error.message}`.trim();
    const { code, message } = error.cause ?? {};
    const cause = code ?? message;
    return `no answer from the API (${error.message || "network error"}${cause && cause !== error.message ? `: ${cause}` : ""})`;
  }
  return error instanceof Error ? error.message : String(error);
}
async function retryTransient({ retryAttempts, retryDelaySeconds }, what, send, log2) {
  try {
    return await backoff(retryAttempts, retryDelaySeconds, send, {
      retryable: isTransient,
      waitAfterLast: false,
      onFailure: (n, max, seconds, error) => log2.warn(`${attemptWarning(n, max, seconds).replace(/^\[WARN\] /, "")} (${what}: ${describeError(error)})`)
    });
  } catch (error) {
    throw error instanceof AttemptsExhausted ? error.cause : error;
  }
}
var attemptsOverride;
var init_transient = __esm({
  "lib/core/transient.ts"() {
    "use strict";
    init_errors();
    init_retry();
    attemptsOverride = new AsyncLocalStorage();
  }
});

// lib/tracker/github/api-error.ts
function lowerCaseHeaders(headers) {
  const out = {};
  for (const [name, value4] of Object.entries(headers ?? {})) if (value4 !== void 0) out[name.toLowerCase()] = String(value4);
  return out;
}
function toApiError(error) {
  if (error instanceof ApiError || !isRequestError(error)) return error;
  if (!error.response) return new ApiError(error.message, { transient: true, cause: error.cause });
  const status = error.status;
  return new ApiError(error.message, { status, headers: lowerCaseHeaders(error.response.headers), transient: status >= 500, cause: error });
}
async function complete(pending) {
  const response = await pending;
  if (typeof response.data === "string" && /\bjson\b/i.test(String(response.headers["content-type"] ?? ""))) {
    throw new ApiError("the answer was cut off or is not valid JSON", { transient: true });
  }
  return response;
}
var isRequestError;
var init_api_error = __esm({
  "lib/tracker/github/api-error.ts"() {
    "use strict";
    init_errors();
    isRequestError = (error) => error instanceof Error && error.name === "HttpError" && typeof error.status === "number";
  }
});

// lib/tracker/github/pacing.ts
function pacing(seconds) {
  let groups2 = pacingGroups.get(seconds);
  if (!groups2) {
    const minTime = Math.round(seconds * 1e3);
    groups2 = {
      write: new import_light2.default.Group({ maxConcurrent: 1, minTime }),
      notifications: new import_light2.default.Group({ maxConcurrent: 1, minTime: minTime * NOTIFY_FACTOR })
    };
    pacingGroups.set(seconds, groups2);
  }
  return groups2;
}
var import_light2, NOTIFY_FACTOR, pacingGroups;
var init_pacing = __esm({
  "lib/tracker/github/pacing.ts"() {
    "use strict";
    import_light2 = __toESM(require_light(), 1);
    NOTIFY_FACTOR = 3;
    pacingGroups = /* @__PURE__ */ new Map();
  }
});

// lib/tracker/github/ratelimit.ts
function rateLimitOf(error, now = Date.now()) {
  const { status, message = "", response } = error ?? {};
  if (status !== 403 && status !== 429 || !response) return void 0;
  const headers = response.headers ?? {};
  const lifting = (kind, resetsAt) => ({
    kind,
    resetsAt,
    waitSeconds: Math.max(Math.ceil((resetsAt - now) / 1e3), 0)
  });
  if (String(headers["x-ratelimit-remaining"]) === "0") {
    const reset = Number(headers["x-ratelimit-reset"]);
    return lifting("primary", Number.isFinite(reset) && reset > 0 ? reset * 1e3 : now + FALLBACK_SECONDS * 1e3);
  }
  const retryAfter = headers["retry-after"] === void 0 ? NaN : Number(headers["retry-after"]);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return lifting("secondary", now + retryAfter * 1e3);
  if (SECONDARY_WORDING.test(message)) return lifting("secondary", now + FALLBACK_SECONDS * 1e3);
  return void 0;
}
function isKnownToThrottling(error) {
  const { message = "", response } = error ?? {};
  return SECONDARY_WORDING.test(message) || String(response?.headers?.["x-ratelimit-remaining"]) === "0";
}
function waitBudget(maxSeconds) {
  let waited = 0;
  return {
    take(seconds) {
      if (waited + seconds > maxSeconds) return false;
      waited += seconds;
      return true;
    },
    get waited() {
      return waited;
    }
  };
}
var FALLBACK_SECONDS, SECONDARY_WORDING;
var init_ratelimit = __esm({
  "lib/tracker/github/ratelimit.ts"() {
    "use strict";
    FALLBACK_SECONDS = 60;
    SECONDARY_WORDING = /\bsecondary rate\b/i;
  }
});

// lib/tracker/github/client.ts
function createGitHub(options, log2) {
  const origin = new URL(options.apiUrl).origin;
  const budget = waitBudget(options.maxWaitSeconds);
  let quotaWarned = false;
  const onLimit = (kind) => (retryAfter, request2, _, retryCount) => {
    if (retryCount >= MAX_LIMIT_RETRIES || !budget.take(retryAfter)) return false;
    log2.warn(`${kind} rate limit on ${describeRequest(request2)}; waiting ${retryAfter}s`);
    return true;
  };
  const octokit = new ThrottledOctokit({
    baseUrl: options.apiUrl,
    userAgent: "deploy-failure-reporter",
    request: { fetch: timedFetch(options.timeoutMs) },
    log: { debug: () => {
    }, info: () => {
    }, warn: (m) => log2.warn(m), error: (m) => log2.error(m) },
    throttle: {
      onRateLimit: onLimit("Primary"),
      onSecondaryRateLimit: onLimit("Secondary"),
      ...options.writeIntervalSeconds === void 0 ? {} : pacing(options.writeIntervalSeconds)
    }
  });
  octokit.hook.before("request", (request2) => {
    request2.headers["content-type"] = "application/json";
    if (options.token && new URL(request2.url, options.apiUrl).origin === origin) {
      request2.headers.authorization = `Bearer ${options.token}`;
    }
  });
  const watchQuota = (headers) => {
    const remaining = Number(headers?.["x-ratelimit-remaining"]);
    if (!quotaWarned && headers?.["x-ratelimit-remaining"] !== void 0 && remaining < LOW_QUOTA) {
      quotaWarned = true;
      log2.warn(`GitHub API quota is low: ${remaining} requests left until ${resetTime(headers)}`);
    }
  };
  octokit.hook.after("request", (response) => watchQuota(response.headers));
  const describeRequest = (endpoint2) => `${endpoint2.method} ${pathOf(octokit.request.endpoint.parse(endpoint2).url)}`;
  const waitingOutLimits = async (send, where) => {
    for (let retries = 0; ; retries++) {
      try {
        return await send();
      } catch (error) {
        const limit = rateLimitOf(error);
        if (!limit || isKnownToThrottling(error) || retries >= MAX_LIMIT_RETRIES || !budget.take(limit.waitSeconds)) throw error;
        log2.warn(`Secondary rate limit on ${where}; waiting ${limit.waitSeconds}s`);
        await new Promise((resolve) => setTimeout(resolve, limit.waitSeconds * 1e3));
      }
    }
  };
  octokit.hook.wrap("request", async (request2, endpoint2) => {
    const retryAttempts = endpoint2.method === "GET" ? readAttempts(options.retryAttempts) : 1;
    const where = describeRequest(endpoint2);
    const once = async () => {
      try {
        return await waitingOutLimits(() => complete(request2(endpoint2)), where);
      } catch (error) {
        const limit = rateLimitOf(error);
        throw limit ? new RateLimited(limit, where, options.maxWaitSeconds, error) : toApiError(error);
      }
    };
    try {
      return await retryTransient({ retryAttempts, retryDelaySeconds: options.retryDelaySeconds }, where, once, log2);
    } catch (last) {
      watchQuota(last instanceof ApiError ? last.headers : last?.response?.headers);
      throw last;
    }
  });
  return octokit;
}
function resetTime(headers) {
  const reset = Number(headers?.["x-ratelimit-reset"]);
  return Number.isFinite(reset) && reset > 0 ? localTimestamp(new Date(reset * 1e3)) : "an unknown time";
}
var ThrottledOctokit, LOW_QUOTA, MAX_LIMIT_RETRIES, timedFetch, pathOf;
var init_client = __esm({
  "lib/tracker/github/client.ts"() {
    "use strict";
    init_dist_src2();
    init_dist_bundle5();
    init_dist_bundle6();
    init_fetch();
    init_issue();
    init_transient();
    init_errors();
    init_api_error();
    init_pacing();
    init_ratelimit();
    ThrottledOctokit = Octokit.plugin(throttling, paginateRest);
    LOW_QUOTA = 100;
    MAX_LIMIT_RETRIES = 3;
    timedFetch = (timeoutMs) => (input2, init) => {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      return fetchQuietly(input2, { ...init, signal });
    };
    pathOf = (url) => url.replace(/^https?:\/\/[^/]+/, "").replace(/\?.*$/, "");
  }
});

// lib/tracker/gitlab/ratelimit.ts
function gitLabLimitOf(error, now = Date.now()) {
  if (!(error instanceof ApiError) || error.status !== 429) return void 0;
  const retryAfter = error.headers["retry-after"] === void 0 ? NaN : Number(error.headers["retry-after"]);
  const reset = Number(error.headers["ratelimit-reset"]);
  const resetsAt = Number.isFinite(retryAfter) && retryAfter >= 0 ? now + retryAfter * 1e3 : Number.isFinite(reset) && reset > 0 ? reset * 1e3 : now + FALLBACK_SECONDS2 * 1e3;
  return { resetsAt, waitSeconds: Math.max(Math.ceil((resetsAt - now) / 1e3), 0) };
}
function gitLabResetTime(headers) {
  const reset = Number(headers["ratelimit-reset"]);
  return Number.isFinite(reset) && reset > 0 ? localTimestamp(new Date(reset * 1e3)) : "an unknown time";
}
var FALLBACK_SECONDS2;
var init_ratelimit2 = __esm({
  "lib/tracker/gitlab/ratelimit.ts"() {
    "use strict";
    init_errors();
    init_issue();
    FALLBACK_SECONDS2 = 60;
  }
});

// lib/tracker/gitlab/client.ts
function errorText(text2) {
  try {
    const body = JSON.parse(text2);
    const said = body.message ?? body.error;
    return (typeof said === "string" ? said : JSON.stringify(said ?? body)).slice(0, 300);
  } catch {
    return text2.slice(0, 300);
  }
}
function createGitLab(options, log2) {
  const base = options.apiUrl.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const budget = waitBudget(options.maxWaitSeconds);
  const writes = pacer(options.writeIntervalSeconds ?? 1);
  let quotaWarned = false;
  const watchQuota = (headers) => {
    const remaining = Number(headers["ratelimit-remaining"]);
    if (!quotaWarned && headers["ratelimit-remaining"] !== void 0 && remaining < LOW_QUOTA2) {
      quotaWarned = true;
      log2.warn(`GitLab API quota is low: ${remaining} requests left until ${gitLabResetTime(headers)}`);
    }
  };
  const send = async (method, url, body) => {
    const headers = { accept: "application/json", "user-agent": "deploy-failure-reporter" };
    if (body !== void 0) headers["content-type"] = "application/json";
    if (options.token && new URL(url).origin === origin) headers.authorization = `Bearer ${options.token}`;
    const signal = AbortSignal.timeout(options.timeoutMs);
    let response;
    let text2;
    try {
      response = await fetchQuietly(url, { method, headers, signal, ...body === void 0 ? {} : { body: JSON.stringify(body) } });
      text2 = await response.text();
    } catch (cause) {
      const why = signal.aborted ? `timed out after ${options.timeoutMs / 1e3}s` : cause.cause?.code ?? cause.message;
      throw new ApiError(why, { transient: true, cause });
    }
    const responseHeaders = headersOf(response);
    watchQuota(responseHeaders);
    if (!response.ok) {
      throw new ApiError(errorText(text2), { status: response.status, headers: responseHeaders, transient: response.status >= 500 });
    }
    try {
      return { status: response.status, headers: responseHeaders, data: text2 === "" ? null : JSON.parse(text2) };
    } catch (cause) {
      throw new ApiError("the answer was cut off or is not valid JSON", { status: response.status, headers: responseHeaders, transient: true, cause });
    }
  };
  const waitingOutLimits = async (exchange, where) => {
    for (let retries = 0; ; retries++) {
      try {
        return await exchange();
      } catch (error) {
        const limit = gitLabLimitOf(error);
        if (!limit) throw error;
        if (retries >= MAX_LIMIT_RETRIES2 || !budget.take(limit.waitSeconds)) throw new RateLimited({ kind: "primary", ...limit }, where, options.maxWaitSeconds, error, "GitLab API");
        log2.warn(`GitLab rate limit on ${where}; waiting ${limit.waitSeconds}s`);
        await sleep(limit.waitSeconds);
      }
    }
  };
  const call = async (method, url, body, attempts) => {
    const where = `${method} ${new URL(url).pathname.slice(new URL(base).pathname.length) || "/"}`;
    const exchange = () => method === "GET" ? send(method, url, body) : writes.schedule(() => send(method, url, body));
    return retryTransient({ retryAttempts: attempts, retryDelaySeconds: options.retryDelaySeconds }, where, () => waitingOutLimits(exchange, where), log2);
  };
  const urlOf = (path3, query = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== void 0) params.set(k, String(v));
    const search = params.toString();
    return `${base}${path3}${search ? `?${search}` : ""}`;
  };
  return {
    // Only reads are retried here: a write that failed may still have been committed, so the caller decides.
    request: ({ method, path: path3, query, body, attempts }) => call(method, urlOf(path3, query), body, method === "GET" ? attempts ?? readAttempts(options.retryAttempts) : 1),
    async *pages(path3, query, attempts) {
      let url = urlOf(path3, query);
      while (url) {
        const page = await call("GET", url, void 0, attempts ?? readAttempts(options.retryAttempts));
        yield page;
        url = nextPage(page.headers, url);
      }
    }
  };
}
function nextPage(headers, current) {
  const number2 = headers["x-next-page"];
  if (number2 && /^\d+$/.test(number2)) {
    const url = new URL(current);
    url.searchParams.set("page", number2);
    return url.toString();
  }
  return /<([^>]+)>\s*;\s*rel="next"/.exec(headers.link ?? "")?.[1];
}
var import_light3, MAX_LIMIT_RETRIES2, LOW_QUOTA2, pacers, pacer, sleep, headersOf;
var init_client2 = __esm({
  "lib/tracker/gitlab/client.ts"() {
    "use strict";
    import_light3 = __toESM(require_light(), 1);
    init_errors();
    init_fetch();
    init_transient();
    init_ratelimit();
    init_ratelimit2();
    MAX_LIMIT_RETRIES2 = 3;
    LOW_QUOTA2 = 100;
    pacers = /* @__PURE__ */ new Map();
    pacer = (seconds) => {
      let limiter = pacers.get(seconds);
      if (!limiter) pacers.set(seconds, limiter = new import_light3.default({ maxConcurrent: 1, minTime: Math.round(seconds * 1e3) }));
      return limiter;
    };
    sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1e3));
    headersOf = (response) => Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]));
  }
});

// lib/tracker/gitlab/tracker.ts
function toIssue2(issue) {
  return {
    number: issue.iid,
    title: issue.title,
    url: issue.web_url,
    body: issue.description ?? "",
    labels: [...issue.labels],
    state: issue.state === "opened" ? "open" : "closed",
    ...issue.created_at ? { createdAt: new Date(issue.created_at) } : {},
    ...issue.closed_at ? { closedAt: new Date(issue.closed_at) } : {}
  };
}
function projectId(project) {
  return encodeURIComponent(project);
}
function createGitLabTracker(options, log2, client = createGitLab(options, log2)) {
  const project = `/projects/${projectId(options.project)}`;
  const issuePath = (iid) => `${project}/issues/${iid}`;
  const webUrls = /* @__PURE__ */ new Map();
  const remember = (issue) => {
    webUrls.set(issue.iid, issue.web_url);
    return toIssue2(issue);
  };
  const webUrl = async (iid) => {
    const known = webUrls.get(iid);
    if (known) return known;
    const { data } = await client.request({ method: "GET", path: issuePath(iid) });
    return remember(data).url;
  };
  const put = async (iid, body) => {
    await client.request({ method: "PUT", path: issuePath(iid), body });
  };
  const assigneeIds = async (usernames) => {
    const ids = [];
    for (const username of usernames) {
      const { data } = await client.request({ method: "GET", path: "/users", query: { username } });
      if (data[0]) ids.push(data[0].id);
      else log2.warn(`No GitLab user named ${username}; the issue is filed without that assignee`);
    }
    return ids;
  };
  return {
    kind: "gitlab",
    limits: GITLAB_LIMITS,
    async *openIssues({ label, updatedSince }) {
      const query = { state: "opened", labels: label, per_page: 100, order_by: "created_at", sort: "asc", updated_after: updatedSince?.toISOString() };
      for await (const page of client.pages(`${project}/issues`, query)) yield page.data.map(remember);
    },
    // GitLab has no `closed_after`: closing an issue updates it, so `updated_after` bounds the list and
    // `closed_at` is checked here.
    async *closedIssues({ label, closedSince }) {
      const query = { state: "closed", labels: label, per_page: 100, order_by: "updated_at", sort: "desc", updated_after: closedSince.toISOString() };
      for await (const page of client.pages(`${project}/issues`, query)) {
        const closed = page.data.map(remember).filter((i) => i.closedAt !== void 0 && i.closedAt >= closedSince);
        yield closed.sort((a, b) => b.closedAt.getTime() - a.closedAt.getTime());
      }
    },
    async createIssue(issue) {
      const assignees = issue.assignees.length ? await assigneeIds(issue.assignees) : [];
      const body = { title: issue.title, description: issue.body, labels: issue.labels.join(","), ...assignees.length ? { assignee_ids: assignees } : {} };
      const { data } = await client.request({ method: "POST", path: `${project}/issues`, body });
      return remember(data);
    },
    updateBody: (iid, body) => put(iid, { description: body }),
    async listComments(iid) {
      const url = await webUrl(iid);
      const comments = [];
      for await (const page of client.pages(`${issuePath(iid)}/notes`, { sort: "asc", order_by: "created_at", per_page: 100 })) {
        for (const note of page.data) if (!note.system) comments.push({ id: note.id, body: note.body, url: `${url}#note_${note.id}` });
      }
      return comments;
    },
    async addComment(iid, body) {
      const url = await webUrl(iid);
      const { data } = await client.request({ method: "POST", path: `${issuePath(iid)}/notes`, body: { body } });
      return { id: data.id, body: data.body, url: `${url}#note_${data.id}` };
    },
    // GitLab closes without a reason: "completed", "not planned" and a duplicate all close the issue
    // (a duplicate is named in the comment the core adds).
    closeIssue: (iid, _reason) => put(iid, { state_event: "close" }),
    reopenIssue: (iid) => put(iid, { state_event: "reopen" })
  };
}
var GITLAB_LIMITS;
var init_tracker = __esm({
  "lib/tracker/gitlab/tracker.ts"() {
    "use strict";
    init_budget();
    init_client2();
    GITLAB_LIMITS = Object.freeze({ title: GITLAB_TITLE_LIMIT, body: 1048576 });
  }
});

// lib/core/close.ts
async function closeIssue(tracker, retry, number2, reason, log2) {
  await retryTransient(retry, `closing issue #${number2}`, () => tracker.closeIssue(number2, reason), log2);
}
var init_close = __esm({
  "lib/core/close.ts"() {
    "use strict";
    init_transient();
  }
});

// lib/core/converge.ts
function duplicateComment(survivor) {
  return `Duplicate of #${survivor.number}

Another run of the deploy-failure reporter filed the same failure at the same time; the report is kept there.`;
}
async function converge(tracker, retry, own, recheck, log2) {
  let survivor;
  try {
    survivor = await recheck();
  } catch (error) {
    log2.warn(`Could not look for issues filed at the same time, so #${own.number} stays open (${describeError(error)})`);
    return own;
  }
  if (!survivor || survivor.number >= own.number) return own;
  try {
    await tracker.addComment(own.number, duplicateComment(survivor));
    await closeIssue(tracker, retry, own.number, { duplicateOf: survivor }, log2);
  } catch (cause) {
    log2.warn(`Could not close #${own.number} as a duplicate of #${survivor.number}; close it by hand (${describeError(cause)})`);
    return own;
  }
  return survivor;
}
var init_converge = __esm({
  "lib/core/converge.ts"() {
    "use strict";
    init_close();
    init_transient();
  }
});

// lib/core/dedup.ts
function isMatch(issue, title) {
  return issue.title.includes(title);
}
function findMatch(issues, title) {
  let best;
  for (const issue of issues) {
    if (isMatch(issue, title) && (best === void 0 || issue.number < best.number)) best = issue;
  }
  return best;
}
function sinceFor(date) {
  const midnightUtc = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return new Date(midnightUtc - EARLIEST_OFFSET_MS);
}
var EARLIEST_OFFSET_MS;
var init_dedup = __esm({
  "lib/core/dedup.ts"() {
    "use strict";
    EARLIEST_OFFSET_MS = 14 * 60 * 60 * 1e3;
  }
});

// lib/core/comment-text.ts
function isOccurrenceComment(body) {
  return typeof body === "string" && body.startsWith(OCCURRENCE_MARKER);
}
function nextOccurrence(commentBodies) {
  let earlier = 1;
  for (const body of commentBodies) if (isOccurrenceComment(body)) earlier++;
  return earlier + 1;
}
function pipelineLink(address) {
  if (/^https?:\/\/[^\s<>\p{Cc}]+$/iu.test(address)) {
    try {
      new URL(address);
      return `<${address}>`;
    } catch {
    }
  }
  return inlineCode(address);
}
function renderOccurrence(failure, occurrence) {
  return [
    OCCURRENCE_MARKER,
    `### Failed again: occurrence ${occurrence}`,
    "",
    `**Time:** ${localTimestamp(failure.time)}`,
    `**Commit:** ${field(failure.commitSha, inlineCode)}`,
    `**Pipeline:** ${field(failure.pipelineUrl, pipelineLink)}`,
    `**Reason:** ${reasonField(failure.reason)}`,
    ""
  ].join("\n");
}
function renderRecoveryComment(recovery) {
  return [
    RECOVERY_MARKER,
    "### Deploy recovered",
    "",
    `A deploy to ${field(recovery.environment, inlineCode)} succeeded, so this issue is closed automatically.`,
    "",
    `**Commit:** ${field(recovery.commitSha, inlineCode)}`,
    `**Time:** ${localTimestamp(recovery.time)}`,
    `**Pipeline:** ${field(recovery.pipelineUrl, pipelineLink)}`,
    ""
  ].join("\n");
}
var OCCURRENCE_MARKER, RECOVERY_MARKER, MAX_REASON, reasonField;
var init_comment_text = __esm({
  "lib/core/comment-text.ts"() {
    "use strict";
    init_budget();
    init_issue();
    init_text();
    OCCURRENCE_MARKER = "<!-- deploy-failure-reporter:occurrence -->";
    RECOVERY_MARKER = "<!-- deploy-failure-reporter:recovery -->";
    MAX_REASON = 1e3;
    reasonField = (reason) => {
      const text2 = oneLine(reason);
      const kept = fitPrefix(text2, MAX_REASON, (prefix) => prefix);
      const cut = codePointsFrom(text2, kept.length);
      return inlineCode(kept) + (cut ? ` ${cutNote(cut)}` : "");
    };
  }
});

// lib/core/comments.ts
var comments_exports = {};
__export(comments_exports, {
  commentOnDuplicate: () => commentOnDuplicate,
  postCommentOnce: () => postCommentOnce
});
async function postCommentOnce(tracker, retry, number2, body, log2) {
  let sent;
  const post = async (attempt2) => {
    const existing = typeof body === "function" || attempt2 > 1 ? await tracker.listComments(number2) : [];
    const committed = sent === void 0 ? void 0 : existing.find((comment) => comment.body === sent);
    if (committed) return committed;
    sent = typeof body === "function" ? body(existing) : body;
    return tracker.addComment(number2, sent);
  };
  return retryTransient(retry, `commenting on issue #${number2}`, post, log2);
}
async function commentOnDuplicate(tracker, retry, issue, failure, log2) {
  let occurrence = 0;
  const render = (existing) => {
    occurrence = nextOccurrence(existing.map((comment) => comment.body));
    return renderOccurrence(failure, occurrence);
  };
  try {
    const comment = await postCommentOnce(tracker, retry, issue.number, render, log2);
    log2.info(`Commented on issue #${issue.number} (occurrence ${occurrence}): ${comment.url}`);
    return occurrence;
  } catch (error) {
    log2.warn(`Could not comment on issue #${issue.number}, so this occurrence is not recorded there (${describeError(error)})`);
    return void 0;
  }
}
var init_comments = __esm({
  "lib/core/comments.ts"() {
    "use strict";
    init_comment_text();
    init_transient();
  }
});

// lib/core/report.ts
async function findExisting(tracker, title, time) {
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL, updatedSince: sinceFor(time) })) {
    const match = findMatch(page, title);
    if (match) return match;
  }
  return void 0;
}
async function fileReport(tracker, chat, target, failure, log2) {
  const title = renderTitle(failure, tracker.limits.title);
  let filed;
  try {
    const { outcome, occurrence } = await fileIssue(tracker, target, failure, title, log2);
    if (outcome.number !== null && outcome.url !== null) filed = { issue: { number: outcome.number, url: outcome.url }, occurrence };
    return outcome;
  } finally {
    if (chat) {
      await chat.send(
        filed?.occurrence === void 0 ? { kind: "failure", failure, ...filed ? { issue: filed.issue } : {} } : { kind: "recurrence", failure, issue: filed.issue, occurrence: filed.occurrence }
      );
    }
  }
}
async function lookUp(tracker, title, time, log2) {
  try {
    return await findExisting(tracker, title, time);
  } catch (error) {
    if (error instanceof RateLimited) fail(error, log2);
    log2.warn(`Could not list open issues, so no duplicate check was made (${describeError(error)})`);
    return void 0;
  }
}
function fail(cause, log2) {
  log2.error("Failed to create issue");
  log2.error(describeError(cause));
  throw new CreateFailed(cause);
}
async function fileIssue(tracker, target, failure, title, log2) {
  const existing = await lookUp(tracker, title, failure.time, log2);
  if (existing) {
    log2.info("Duplicate issue found, skipping creation");
    const occurrence = target.onDuplicate === "comment" ? await (await Promise.resolve().then(() => (init_comments(), comments_exports))).commentOnDuplicate(tracker, target, existing, failure, log2) : void 0;
    if (occurrence === void 0) log2.info(holds(existing));
    return { outcome: { outcome: occurrence === void 0 ? "duplicate" : "commented", number: existing.number, url: existing.url, title }, occurrence };
  }
  const { issue, posted } = await create(tracker, target, failure, title, log2);
  const recheck = () => findExisting(tracker, title, failure.time);
  const survivor = posted ? await converge(tracker, target, issue, recheck, log2) : issue;
  if (survivor.number !== issue.number) {
    log2.info(`Closed #${issue.number} as a duplicate of #${survivor.number}, the older open issue for this failure`);
    log2.info(holds(survivor));
    return { outcome: { outcome: "duplicate", number: survivor.number, url: survivor.url, title } };
  }
  log2.info(`Created issue #${issue.number}: ${issue.url}`);
  return { outcome: { outcome: "created", number: issue.number, url: issue.url, title } };
}
async function create(tracker, target, failure, title, log2) {
  const body = renderBody(failure, tracker.kind);
  const lookAgain = () => withAttempts(1, () => findExisting(tracker, title, failure.time));
  const attempt2 = async (n) => {
    const committed = n > 1 ? await lookAgain() : void 0;
    if (committed) return { issue: committed, posted: false };
    return { issue: await tracker.createIssue({ title, body, labels: LABELS, assignees: [] }), posted: true };
  };
  try {
    return await retryTransient(target, "creating the issue", attempt2, log2);
  } catch (cause) {
    const committed = isTransient(cause) ? await lookAgain().catch(() => void 0) : void 0;
    if (committed) return { issue: committed, posted: false };
    fail(cause, log2);
  }
}
var holds;
var init_report = __esm({
  "lib/core/report.ts"() {
    "use strict";
    init_converge();
    init_dedup();
    init_issue();
    init_transient();
    init_errors();
    holds = (issue) => `Open issue #${issue.number} holds this report: ${issue.url}`;
  }
});

// lib/core/preview.ts
var preview_exports = {};
__export(preview_exports, {
  previewReport: () => previewReport
});
async function previewReport(tracker, target, failure, log2) {
  const kind = tracker?.kind ?? target.tracker ?? "github";
  const title = renderTitle(failure, tracker?.limits.title ?? TITLE_LIMITS[kind]);
  log2.info("Dry run: nothing will be created, commented or posted");
  if (!tracker) {
    log2.info("No ISSUE_TOKEN: the duplicate check was skipped");
  } else {
    try {
      const existing = await findExisting(tracker, title, failure.time);
      if (!existing) log2.info("No open duplicate: a real run would create the issue below");
      else {
        const action = target.onDuplicate === "comment" ? "comment on it" : "skip creation";
        log2.info(`Duplicate issue found: #${existing.number} ${existing.url}; a real run would ${action}`);
      }
    } catch (error) {
      log2.warn(`Could not list open issues (${describeError(error)}); a real run would create the issue below`);
    }
  }
  const chat = target.chatWebhook ? "chat message (to CHAT_WEBHOOK)" : "chat message (not sent: CHAT_WEBHOOK is not set)";
  return [`--- title`, title, `--- body`, renderBody(failure, kind).replace(/\n$/, ""), `--- ${chat}`, renderChat(failure), ""].join("\n");
}
var init_preview = __esm({
  "lib/core/preview.ts"() {
    "use strict";
    init_issue();
    init_report();
    init_transient();
  }
});

// lib/cli/outputs.ts
var outputs_exports = {};
__export(outputs_exports, {
  appendOutputs: () => appendOutputs,
  appendResolveOutputs: () => appendResolveOutputs,
  failedOutcome: () => failedOutcome,
  jsonLine: () => jsonLine,
  outputLines: () => outputLines,
  resolveOutputLines: () => resolveOutputLines,
  summaryMarkdown: () => summaryMarkdown
});
import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
function failedOutcome(title = null) {
  return { outcome: "failed", number: null, url: null, title };
}
function jsonLine(o) {
  return JSON.stringify({ outcome: o.outcome, number: o.number, url: o.url, title: o.title });
}
function outputLines(o, delimiter = () => `ghadelimiter_${randomUUID()}`) {
  const entries = [
    ["outcome", o.outcome],
    ["issue-number", o.number === null ? "" : String(o.number)],
    ["issue-url", o.url ?? ""]
  ];
  return entries.map(([name, value4]) => {
    if (!/[\r\n]/.test(value4)) return `${name}=${value4}
`;
    let end = delimiter();
    while (value4.includes(end)) end = delimiter();
    return `${name}<<${end}
${value4}
${end}
`;
  }).join("");
}
function summaryMarkdown(o, failure) {
  const lines = [`### ${HEADLINES[o.outcome](o)}`, "", `- **Outcome:** ${o.outcome}`];
  if (o.url) lines.push(`- **Issue:** [#${o.number}](${o.url})${o.title ? ` ${text(o.title)}` : ""}`);
  else if (o.outcome === "failed") lines.push("- **Issue:** none filed; the step log says why");
  if (failure) {
    lines.push(
      `- **Environment:** ${field(failure.environment, inlineCode)}`,
      `- **Commit:** ${field(failure.commitSha, inlineCode)}`,
      `- **Reason:** ${text(failure.reason)}`
    );
  }
  return lines.join("\n") + "\n\n";
}
function appendOutputs(files, o, failure) {
  if (files.githubOutput) appendFileSync(files.githubOutput, outputLines(o));
  if (files.stepSummary) appendFileSync(files.stepSummary, summaryMarkdown(o, failure));
}
function resolveOutputLines(r) {
  return `outcome=${r.outcome}
closed=${r.closed.join(",")}
`;
}
function appendResolveOutputs(githubOutput, r) {
  appendFileSync(githubOutput, resolveOutputLines(r));
}
var HEADLINES, text;
var init_outputs = __esm({
  "lib/cli/outputs.ts"() {
    "use strict";
    init_issue();
    init_markdown();
    HEADLINES = {
      created: (o) => `Deploy failure reported: issue #${o.number} created`,
      duplicate: (o) => `Deploy failure already reported: open issue #${o.number}`,
      commented: (o) => `Deploy failure added to open issue #${o.number}`,
      failed: () => "Deploy failure could not be filed"
    };
    text = (value4) => field(value4, markdownText);
  }
});

// lib/cli/action-inputs.ts
init_errors();
var VARIABLES = {
  token: "ISSUE_TOKEN",
  repo: "ISSUE_REPO",
  "api-url": "ISSUE_API_URL",
  environment: "DEPLOY_ENV",
  "chat-webhook": "CHAT_WEBHOOK",
  "on-duplicate": "ON_DUPLICATE"
};
function input(env, name) {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}
function actionRun(env) {
  const problems = [];
  const mode = input(env, "mode") || "report";
  if (mode !== "report" && mode !== "resolve") problems.push(`The input mode must be report or resolve, got ${JSON.stringify(mode)}`);
  const dryRun = input(env, "dry-run").toLowerCase();
  if (!["", "true", "false"].includes(dryRun)) problems.push(`The input dry-run must be true or false, got ${JSON.stringify(input(env, "dry-run"))}`);
  if (problems.length) throw new ConfigError(problems);
  const vars = {};
  for (const [name, variable] of Object.entries(VARIABLES)) {
    const value4 = input(env, name);
    if (value4) vars[variable] = value4;
  }
  const flags = dryRun === "true" ? ["--dry-run"] : [];
  const reason = input(env, "reason");
  const command = mode === "resolve" ? "resolve" : "report";
  return {
    command,
    args: command === "report" ? [...flags, ...reason ? ["--", reason] : []] : flags,
    env: vars,
    secrets: [vars.ISSUE_TOKEN, vars.CHAT_WEBHOOK].filter((s) => Boolean(s))
  };
}

// lib/core/log.ts
function redact(text2, secrets) {
  let out = text2;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join("***");
  }
  return out;
}

// lib/cli/annotations.ts
var escapeData = (text2) => text2.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
function annotation(line) {
  const match = /^\[(WARN|ERROR)\] (.*)$/s.exec(line);
  if (!match) return void 0;
  return `::${match[1] === "WARN" ? "warning" : "error"}::${escapeData(match[2])}`;
}
function annotating(target, annotations, secrets) {
  let pending = "";
  return {
    write(text2) {
      const result = target.write(text2);
      pending += text2;
      let end;
      while ((end = pending.indexOf("\n")) !== -1) {
        const found = annotation(redact(pending.slice(0, end), secrets));
        pending = pending.slice(end + 1);
        if (found) annotations.write(`${found}
`);
      }
      return result;
    }
  };
}

// lib/cli/args.ts
import { parseArgs } from "node:util";
init_errors();
var EXIT = { ok: 0, failed: 1, config: 2 };
function reportFailure(error, log2) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) log2.error(problem);
    return EXIT.config;
  }
  const message = error instanceof Error ? error.message : String(error);
  log2.error(message);
  return EXIT.failed;
}
function parseFlags(args, options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ConfigError([`${error.message.replace(/\. To specify a positional argument.*$/s, "")}; see --help`]);
  }
}

// lib/config/config.ts
var import_dotenv = __toESM(require_dist(), 1);

// lib/config/ci.ts
var value = (env, name) => {
  const v = env[name];
  return v === void 0 || v === "" ? void 0 : v;
};
var hash = (text2) => text2 && /^[0-9a-f]{7,64}$/i.test(text2) ? text2.slice(0, 7) : void 0;
function detectCi(env) {
  const server = value(env, "GITHUB_SERVER_URL");
  const repository = value(env, "GITHUB_REPOSITORY");
  const runId = value(env, "GITHUB_RUN_ID");
  const githubSha = hash(value(env, "GITHUB_SHA"));
  if (server && repository && runId || githubSha) {
    return {
      name: "GitHub Actions",
      pipelineUrl: server && repository && runId ? `${server.replace(/\/+$/, "")}/${repository}/actions/runs/${runId}` : void 0,
      commitSha: githubSha
    };
  }
  const gitCommit = hash(value(env, "GIT_COMMIT"));
  if (gitCommit) return { name: "Jenkins", commitSha: gitCommit };
  const circleUrl = value(env, "CIRCLE_BUILD_URL");
  const circleSha = hash(value(env, "CIRCLE_SHA1"));
  if (circleUrl || circleSha) return { name: "CircleCI", pipelineUrl: circleUrl, commitSha: circleSha };
  const buildkiteUrl = value(env, "BUILDKITE_BUILD_URL");
  const buildkiteSha = hash(value(env, "BUILDKITE_COMMIT"));
  const buildkiteMessage = value(env, "BUILDKITE_MESSAGE");
  if (buildkiteUrl || buildkiteSha || buildkiteMessage) {
    return { name: "Buildkite", pipelineUrl: buildkiteUrl, commitSha: buildkiteSha, commitMessage: buildkiteMessage };
  }
  return void 0;
}

// lib/config/config.ts
init_errors();

// lib/config/tracker.ts
var GITLAB_DEFAULT_API_URL = "https://gitlab.com/api/v4";
var value2 = (env, name) => {
  const v = env[name];
  return v === void 0 || v === "" ? void 0 : v;
};
function trackerKind(env, problems) {
  const kind = value2(env, "ISSUE_TRACKER") ?? "github";
  if (kind === "github" || kind === "gitlab") return kind;
  problems.push(`ISSUE_TRACKER must be github or gitlab, got ${JSON.stringify(kind)}`);
  return "github";
}
var SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;
var BAD_END = /(\.|\.git|\.atom)$/i;
var NUMERIC_ID = /^[1-9][0-9]{0,18}$/;
function isGitLabProject(text2) {
  if (NUMERIC_ID.test(text2)) return true;
  const segments = text2.split("/");
  return segments.length >= 2 && segments.every((s) => SEGMENT.test(s) && !BAD_END.test(s));
}
function gitLabTarget(env, problems) {
  const apiName = value2(env, "ISSUE_API_URL") !== void 0 ? "ISSUE_API_URL" : "CI_API_V4_URL";
  const apiUrl = value2(env, "ISSUE_API_URL") ?? value2(env, "CI_API_V4_URL") ?? GITLAB_DEFAULT_API_URL;
  const given = value2(env, "ISSUE_REPO") ?? value2(env, "CI_PROJECT_PATH");
  const empty = { project: "", owner: "", repo: "", apiName, apiUrl };
  if (given === void 0) {
    problems.push("ISSUE_REPO is required (a GitLab project path such as group/project, or a numeric project id; GitLab CI sets CI_PROJECT_PATH)");
    return empty;
  }
  if (!isGitLabProject(given)) {
    problems.push(
      `ISSUE_REPO must be a GitLab project path such as group/subgroup/project (each part: letters, digits, _, - and ., starting with a letter, digit or _, not ending in ., .git or .atom) or a numeric project id, got ${JSON.stringify(given)}`
    );
    return empty;
  }
  const cut = given.lastIndexOf("/");
  return { project: given, owner: given.slice(0, Math.max(cut, 0)), repo: given.slice(cut + 1), apiName, apiUrl };
}

// lib/config/config.ts
var DEFAULT_API_URL = "https://api.github.com";
var LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
var OWNER = /^[A-Za-z0-9-]{1,39}$/;
var REPO = /^[A-Za-z0-9._-]{1,100}$/;
var value3 = (env, name) => {
  const v = env[name];
  return v === void 0 || v === "" ? void 0 : v;
};
var isHttpUrl = (text2) => {
  try {
    const url = new URL(text2);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};
function number(env, name, fallback, problems, min = 0) {
  const raw = value3(env, name);
  if (raw === void 0) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || raw.trim() === "") {
    problems.push(`${name} must be a number of at least ${min} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  return n;
}
function loadConfig(env = process.env, { requireToken = true } = {}) {
  const problems = [];
  const warnings = [];
  const token = value3(env, "ISSUE_TOKEN") ?? "";
  if (!token && requireToken) problems.push("ISSUE_TOKEN is required");
  let owner = "";
  let repo = "";
  const tracker = trackerKind(env, problems);
  const gitlab = tracker === "gitlab" ? gitLabTarget(env, problems) : void 0;
  const fullName = value3(env, "ISSUE_REPO");
  if (gitlab) {
    ;
    ({ owner, repo } = gitlab);
  } else if (fullName === void 0) {
    problems.push("ISSUE_REPO is required (owner/repo)");
  } else {
    const [o = "", r = "", ...rest] = fullName.split("/");
    if (rest.length || !OWNER.test(o) || !REPO.test(r) || r === "." || r === "..") {
      problems.push(
        `ISSUE_REPO must have the form owner/repo (owner: letters, digits and -, up to 39; repo: letters, digits, ., _ and -, up to 100), got ${JSON.stringify(fullName)}`
      );
    } else {
      owner = o;
      repo = r;
    }
  }
  const apiName = gitlab?.apiName ?? (value3(env, "ISSUE_API_URL") !== void 0 ? "ISSUE_API_URL" : "GITHUB_API_URL");
  const apiUrl = gitlab?.apiUrl ?? value3(env, "ISSUE_API_URL") ?? value3(env, "GITHUB_API_URL") ?? DEFAULT_API_URL;
  if (!isHttpUrl(apiUrl)) problems.push(`${apiName} must be an http(s) URL such as ${gitlab ? GITLAB_DEFAULT_API_URL : DEFAULT_API_URL}, got ${JSON.stringify(apiUrl)}`);
  else if (new URL(apiUrl).protocol === "http:" && !LOOPBACK.test(new URL(apiUrl).hostname)) {
    warnings.push(`${apiName} uses plain http, so ISSUE_TOKEN travels unencrypted; use https unless the network is trusted`);
  }
  let chatWebhook = value3(env, "CHAT_WEBHOOK");
  if (chatWebhook !== void 0 && !isHttpUrl(chatWebhook)) {
    warnings.push("CHAT_WEBHOOK is not an http(s) URL such as https://hooks.slack.com/services/\u2026; no chat notice will be sent");
    chatWebhook = void 0;
  }
  const onDuplicate = value3(env, "ON_DUPLICATE") ?? "skip";
  if (onDuplicate !== "skip" && onDuplicate !== "comment") {
    problems.push(`ON_DUPLICATE must be skip or comment, got ${JSON.stringify(onDuplicate)}`);
  }
  const timeoutSeconds = number(env, "REPORT_TIMEOUT", 30, problems, 1e-3);
  const chatTimeoutSeconds = number(env, "REPORT_CHAT_TIMEOUT", 10, problems, 1e-3);
  const maxWaitSeconds = number(env, "REPORT_MAX_WAIT", 60, problems);
  const retryAttempts = Math.floor(number(env, "REPORT_RETRY_ATTEMPTS", 3, problems, 1));
  const retryDelaySeconds = number(env, "REPORT_RETRY_DELAY", 1, problems);
  const writeIntervalSeconds = number(env, "REPORT_WRITE_INTERVAL", 1, problems);
  if (problems.length) throw new ConfigError(problems.map((problem) => redact(problem, [token])));
  const ci = detectCi(env);
  return Object.freeze({
    token,
    tracker,
    project: gitlab?.project ?? `${owner}/${repo}`,
    owner,
    repo,
    apiUrl: apiUrl.replace(/\/+$/, ""),
    chatWebhook,
    pipelineUrl: value3(env, "CI_PIPELINE_URL") ?? value3(env, "BUILD_URL") ?? ci?.pipelineUrl ?? "unknown",
    commitSha: value3(env, "CI_COMMIT_SHA") ?? ci?.commitSha,
    commitMessage: value3(env, "CI_COMMIT_MESSAGE") ?? ci?.commitMessage,
    deployEnv: value3(env, "DEPLOY_ENV") ?? "production",
    onDuplicate,
    timeoutMs: Math.round(timeoutSeconds * 1e3),
    chatTimeoutMs: Math.round(chatTimeoutSeconds * 1e3),
    maxWaitSeconds,
    retryAttempts,
    retryDelaySeconds,
    writeIntervalSeconds,
    warnings: Object.freeze(warnings)
  });
}
function loadDotenv(env = process.env, dir = process.cwd()) {
  if (value3(env, "REPORT_DOTENV") === "off") return;
  (0, import_dotenv.config)({ path: `${dir}/.env`, processEnv: env, override: false, quiet: true });
}
function outputFiles(env = process.env) {
  return Object.freeze({ githubOutput: value3(env, "GITHUB_OUTPUT"), stepSummary: value3(env, "GITHUB_STEP_SUMMARY") });
}

// lib/cli/commands/report.ts
init_errors();

// lib/cli/git.ts
var shell;
var git = () => shell ??= Promise.resolve().then(() => (init_core(), core_exports)).then(({ $: $2 }) => $2({ quiet: true, nothrow: true, verbose: false }));
async function shortSha(cwd) {
  const out = await (await git())({ cwd })`git rev-parse --short HEAD`;
  const sha = out.stdout.trim();
  return out.exitCode === 0 && sha ? sha : void 0;
}
async function lastCommitMessage(cwd) {
  const out = await (await git())({ cwd })`git log -1 --pretty=%B`;
  const message = out.stdout.replace(/\s+$/, "");
  return out.exitCode === 0 && message ? message : void 0;
}

// lib/cli/deploy.ts
async function readDeploy(config, time, { withMessage = true } = {}) {
  const [sha, message] = await Promise.all([
    config.commitSha ?? shortSha(),
    withMessage ? config.commitMessage ?? lastCommitMessage() : void 0
  ]);
  return {
    environment: withoutToken(config.deployEnv, config),
    commitSha: withoutToken(sha ?? "unknown", config),
    commitMessage: withoutToken(message ?? "unknown", config),
    pipelineUrl: withoutToken(config.pipelineUrl, config),
    time
  };
}
function withoutToken(text2, config) {
  return redact(text2, [config.token]);
}

// lib/chat/webhook.ts
init_issue();

// lib/core/recovery.ts
init_issue();
var TITLE = /\[DEPLOY FAIL\] (.+) \u2014 ([^\u2014]+?) \u2014 (\d{4}-\d{2}-\d{2})(?!\d)/u;
function parseTitle(title) {
  const match = TITLE.exec(title);
  if (!match) return void 0;
  const [, environment = "", commitSha = "", date = ""] = match;
  return { environment, commitSha, date };
}
var hasLabel = (issue, label) => issue.labels.includes(label);
var filedBefore = (issue, time) => time === void 0 || issue.createdAt === void 0 || !(issue.createdAt.getTime() > time.getTime());
function isRecoverable(issue, environment, time) {
  return hasLabel(issue, DEDUP_LABEL) && filedBefore(issue, time) && parseTitle(issue.title)?.environment === environment;
}
function selectRecoverable(issues, environment, time) {
  return [...issues].filter((issue) => isRecoverable(issue, environment, time));
}
function renderRecoveryChat(recovery, closed) {
  return [
    `*[DEPLOY RECOVERED]* ${chatField(recovery.environment)}`,
    `Commit: \`${chatField(recovery.commitSha)}\``,
    `Closed: ${closed.map((n) => `#${n}`).join(", ")}`,
    `Pipeline: ${chatField(recovery.pipelineUrl)}`
  ].join("\n");
}

// lib/chat/webhook.ts
init_fetch();
var CHAT_TIMEOUT_MS = 1e4;
function pingText(repo) {
  return `Test message from deploy-failure-reporter (doctor --ping) for ${slackEscape(repo)}: the chat webhook works. No action needed.`;
}
function webhookText(event) {
  switch (event.kind) {
    case "failure":
    case "recurrence":
      return renderChat(event.failure);
    case "recovery":
      return renderRecoveryChat(event.recovery, event.closed.map((issue) => issue.number));
    case "ping":
      return pingText(event.repo);
  }
}
async function postText(webhook, text2, timeoutMs = CHAT_TIMEOUT_MS) {
  try {
    const response = await fetchQuietly(webhook, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: text2 }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error"
    });
    await response.body?.cancel();
    return { ok: response.ok, status: response.status };
  } catch {
    return { ok: false };
  }
}
function createWebhookNotifier(webhook, timeoutMs = CHAT_TIMEOUT_MS) {
  return {
    format: "slack",
    // The host only: the rest of a Slack-style address is the secret.
    host: new URL(webhook).host,
    send: (event) => postText(webhook, webhookText(event), timeoutMs)
  };
}

// lib/chat/index.ts
function createNotifier(config) {
  return config.chatWebhook ? createWebhookNotifier(config.chatWebhook, config.chatTimeoutMs) : void 0;
}

// lib/tracker/index.ts
init_issue();
init_client();

// lib/tracker/github/tracker.ts
init_budget();
function toIssue(data) {
  return {
    number: data.number,
    title: data.title,
    url: data.html_url,
    body: data.body ?? "",
    // A sparse answer (a proxy, an older server) may leave labels out; none is then what we know.
    labels: (data.labels ?? []).map((label) => typeof label === "string" ? label : label.name ?? ""),
    state: data.state === "closed" ? "closed" : "open",
    ...data.created_at ? { createdAt: new Date(data.created_at) } : {},
    ...data.closed_at ? { closedAt: new Date(data.closed_at) } : {}
  };
}
var toComment = (data) => ({ id: Number(data.id), body: data.body ?? "", url: data.html_url });
var realIssues = (page) => page.filter((issue) => issue.pull_request == null).map(toIssue);
function createGitHubTracker(github, repo) {
  const where = { owner: repo.owner, repo: repo.repo };
  const patch = (number2, fields) => github.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { ...where, issue_number: number2, ...fields });
  return {
    kind: "github",
    limits: { title: TITLE_LIMIT, body: BODY_LIMIT },
    // Oldest first, so a reader can stop at the first page that answers its question; `since` keeps only
    // issues updated at or after that instant.
    // https://docs.github.com/en/rest/issues/issues#list-repository-issues
    async *openIssues({ label, updatedSince }) {
      const pages = github.paginate.iterator("GET /repos/{owner}/{repo}/issues", {
        ...where,
        state: "open",
        labels: label,
        per_page: 100,
        sort: "created",
        direction: "asc",
        ...updatedSince === void 0 ? {} : { since: updatedSince.toISOString() }
      });
      for await (const page of pages) yield realIssues(page.data);
    },
    // Closing updates an issue, so one closed at or after `closedSince` was updated since then too;
    // `closed_at` then drops those closed earlier and only touched since.
    async *closedIssues({ label, closedSince }) {
      const pages = github.paginate.iterator("GET /repos/{owner}/{repo}/issues", {
        ...where,
        state: "closed",
        labels: label,
        per_page: 100,
        sort: "updated",
        direction: "desc",
        since: closedSince.toISOString()
      });
      for await (const page of pages) {
        yield realIssues(page.data).filter((issue) => issue.closedAt !== void 0 && issue.closedAt >= closedSince);
      }
    },
    // https://docs.github.com/en/rest/issues/issues#create-an-issue
    async createIssue(issue) {
      const { data } = await github.request("POST /repos/{owner}/{repo}/issues", {
        ...where,
        title: issue.title,
        body: issue.body,
        labels: [...issue.labels],
        assignees: [...issue.assignees]
      });
      return toIssue(data);
    },
    // https://docs.github.com/en/rest/issues/issues#update-an-issue
    async updateBody(number2, body) {
      await patch(number2, { body });
    },
    // Every comment, oldest first, following the `Link` header page by page.
    // https://docs.github.com/en/rest/issues/comments#list-issue-comments
    async listComments(number2) {
      const comments = [];
      const pages = github.paginate.iterator("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", { ...where, issue_number: number2, per_page: 100 });
      for await (const page of pages) comments.push(...page.data.map(toComment));
      return comments;
    },
    // https://docs.github.com/en/rest/issues/comments#create-an-issue-comment
    async addComment(number2, body) {
      const { data } = await github.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", { ...where, issue_number: number2, body });
      return toComment(data);
    },
    // A duplicate is closed as not planned; the core posts the "Duplicate of #n" comment before, which is
    // what marks it as one on GitHub.
    // https://docs.github.com/en/issues/tracking-your-work-with-issues/administering-issues/marking-issues-or-pull-requests-as-a-duplicate
    async closeIssue(number2, reason) {
      await patch(number2, { state: "closed", state_reason: reason === "completed" ? "completed" : "not_planned" });
    },
    async reopenIssue(number2) {
      await patch(number2, { state: "open" });
    }
  };
}

// lib/tracker/index.ts
init_client2();
init_tracker();
function createTracker(config, log2) {
  if (config.tracker === "gitlab") return createGitLabTracker(config, log2);
  return createGitHubTracker(createGitHub(config, log2), config);
}

// lib/cli/commands/report.ts
init_issue();

// lib/cli/io.ts
function processIo() {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr };
}
function ioLog(io2, secrets = () => []) {
  const line = (level, message) => `[${level}] ${redact(message, secrets())}
`;
  return {
    info: (message) => void io2.stdout.write(line("INFO", message)),
    warn: (message) => void io2.stderr.write(line("WARN", message)),
    error: (message) => void io2.stderr.write(line("ERROR", message))
  };
}

// lib/cli/commands/report.ts
init_report();
var help = (program) => `Usage: ${program} [options] [reason]

Files one issue labelled auto-deploy-failure and ops for a failed deploy (unless an open one already
has the same title), then posts a notice to CHAT_WEBHOOK. The reason defaults to "${DEFAULT_REASON}".
Quoting the reason is optional: several words are joined with single spaces into one reason.

Options:
  --dry-run    check and render only: print the title, body and chat text a real run would send, and
               whether an open duplicate exists (needs ISSUE_TOKEN; skipped without it); writes nothing
  --json       end stdout with one JSON line: {"outcome": "created"|"duplicate"|"commented"|"failed",
               "number", "url", "title"} (nulls when nothing was filed), whatever the exit code
  -h, --help   show this text

Environment (a .env file in the current folder is read too; set variables win; REPORT_DOTENV=off skips it):
  ISSUE_TOKEN (required), ISSUE_REPO (required, owner/repo), ISSUE_API_URL or GITHUB_API_URL,
  ISSUE_TRACKER=github|gitlab (default github; GitLab's project path, API and token: docs/gitlab.md),
  CHAT_WEBHOOK, CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, CI_COMMIT_MESSAGE, DEPLOY_ENV,
  REPORT_TIMEOUT, REPORT_CHAT_TIMEOUT, REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY  (see .env.example)
  ON_DUPLICATE=skip|comment: on a duplicate, skip (default) or add one comment counting the occurrence;
  REPORT_WRITE_INTERVAL: seconds between API writes (default 1)
  Unset pipeline and commit variables are taken from GitHub Actions, Jenkins, CircleCI or Buildkite.
  GITHUB_OUTPUT, GITHUB_STEP_SUMMARY (set by GitHub Actions): when set, the step outputs outcome,
  issue-number and issue-url, and a short summary for the run page, are appended to them.

Exit codes: 0 issue created or duplicate found, 1 the issue could not be filed, 2 bad configuration.
`;
async function runReport(args, io2 = processIo(), program = "deploy-failure-reporter report") {
  const time = /* @__PURE__ */ new Date();
  let token = "";
  const log2 = ioLog(io2, () => [token]);
  let json = args.includes("--json");
  let dryRun = args.includes("--dry-run");
  let failure;
  let kind = "github";
  const main = async () => {
    const { values, positionals } = parseFlags([...args], {
      help: { type: "boolean", short: "h" },
      json: { type: "boolean" },
      "dry-run": { type: "boolean" }
    });
    json = values.json === true;
    if (values.help) {
      io2.stdout.write(help(program));
      return EXIT.ok;
    }
    dryRun = values["dry-run"] === true;
    if (dryRun && json) throw new ConfigError(["--dry-run and --json cannot be combined: a dry run has no outcome; see --help"]);
    loadDotenv(io2.env);
    const config = loadConfig(io2.env, { requireToken: !dryRun });
    token = config.token;
    kind = config.tracker;
    for (const warning of config.warnings) log2.warn(warning);
    const reason = positionals.join(" ") || DEFAULT_REASON;
    failure = { ...await readDeploy(config, time), reason: withoutToken(reason, config) };
    if (dryRun) {
      const { previewReport: previewReport2 } = await Promise.resolve().then(() => (init_preview(), preview_exports));
      io2.stdout.write(await previewReport2(config.token ? createTracker(config, log2) : void 0, config, failure, log2));
      return EXIT.ok;
    }
    await finish(await fileReport(createTracker(config, log2), createNotifier(config), config, failure, log2));
    return EXIT.ok;
  };
  const finish = async (outcome) => {
    const files = outputFiles(io2.env);
    if (dryRun || !(json || files.githubOutput || files.stepSummary)) return;
    const { appendOutputs: appendOutputs2, failedOutcome: failedOutcome2, jsonLine: jsonLine2 } = await Promise.resolve().then(() => (init_outputs(), outputs_exports));
    const result = outcome === "failed" ? failedOutcome2(failure ? renderTitle(failure, TITLE_LIMITS[kind]) : null) : outcome;
    try {
      appendOutputs2(files, result, failure);
    } catch (error) {
      log2.warn(`Could not write the GitHub Actions outputs (${error.message})`);
    }
    if (json) io2.stdout.write(jsonLine2(result) + "\n");
  };
  try {
    return await main();
  } catch (error) {
    const code = error instanceof CreateFailed ? EXIT.failed : reportFailure(error, log2);
    await finish("failed");
    return code;
  }
}

// lib/cli/commands/resolve.ts
init_comment_text();
init_errors();

// lib/core/resolve.ts
init_close();
init_comment_text();
init_comments();
init_issue();
init_transient();
init_errors();
async function findRecoverable(tracker, environment, time) {
  const found = [];
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL })) found.push(...selectRecoverable(page, environment, time));
  return found;
}
async function resolveRecovery(tracker, chat, retry, recovery, log2, { dryRun = false } = {}) {
  let issues;
  try {
    issues = await findRecoverable(tracker, recovery.environment, recovery.time);
  } catch (error) {
    throw new ListFailed(error, describeError(error));
  }
  if (issues.length === 0) {
    log2.info(`No open ${DEDUP_LABEL} issue for ${recovery.environment}; nothing to close`);
    return { outcome: "nothing", closed: [], failed: [] };
  }
  if (dryRun) {
    for (const issue of issues) log2.info(`Would close issue #${issue.number}: ${issue.url}`);
    return { outcome: "resolved", closed: issues.map((issue) => issue.number), failed: [] };
  }
  const comment = renderRecoveryComment(recovery);
  const closed = [];
  const failed = [];
  for (const issue of issues) {
    let step = "commenting on it";
    try {
      await postCommentOnce(tracker, retry, issue.number, comment, log2);
      step = "closing it after the comment";
      await closeIssue(tracker, retry, issue.number, "completed", log2);
      log2.info(`Closed issue #${issue.number}: ${issue.url}`);
      closed.push(issue);
    } catch (error) {
      log2.error(`Could not close issue #${issue.number}, it stays open (${step}: ${describeError(error)})`);
      failed.push(issue.number);
    }
  }
  if (closed.length && chat) await chat.send({ kind: "recovery", recovery, closed: closed.map(({ number: number2, url }) => ({ number: number2, url })) });
  return { outcome: closed.length ? "resolved" : "failed", closed: closed.map((issue) => issue.number), failed };
}

// lib/cli/commands/resolve.ts
var help2 = (program) => `Usage: ${program} [options]

Run after a successful deploy. Closes (as completed, with a comment naming this deploy's commit, time
and pipeline) every open issue labelled auto-deploy-failure whose title is for DEPLOY_ENV, whatever its
commit or day; other environments, pull requests and unlabelled issues are never touched. Then posts
one recovery notice to CHAT_WEBHOOK, only if it closed something.

Options:
  --dry-run    list the issues it would close and the texts it would send; write nothing
  --json       end with one JSON line: {"outcome": "resolved"|"nothing"|"failed", "closed": [...], "failed": [...]}
  -h, --help   show this text

Environment (a .env file in the current folder is read too; set variables win; REPORT_DOTENV=off skips it):
  ISSUE_TOKEN (required), ISSUE_REPO (required, owner/repo), ISSUE_API_URL or GITHUB_API_URL,
  ISSUE_TRACKER=github|gitlab (default github; GitLab's project path, API and token: docs/gitlab.md),
  CHAT_WEBHOOK, CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, DEPLOY_ENV, REPORT_TIMEOUT,
  REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY, REPORT_WRITE_INTERVAL  (see .env.example)
  GITHUB_OUTPUT (set by GitHub Actions): when set, the step outputs outcome and closed (comma-separated
  issue numbers) are appended to it.

Exit codes: 0 closed every matching issue, or there was none; 1 an issue could not be closed or the
issues could not be listed (each named on stderr); 2 bad configuration.
`;
async function runResolve(args, io2 = processIo(), program = "deploy-failure-reporter resolve") {
  const time = /* @__PURE__ */ new Date();
  let token = "";
  const log2 = ioLog(io2, () => [token]);
  let json = false;
  let dryRun = false;
  let resolution = { outcome: "failed", closed: [], failed: [] };
  const main = async () => {
    const { values, positionals } = parseFlags([...args], {
      help: { type: "boolean", short: "h" },
      "dry-run": { type: "boolean" },
      json: { type: "boolean" }
    });
    json = values.json === true;
    if (values.help) {
      io2.stdout.write(help2(program));
      return EXIT.ok;
    }
    if (positionals.length) throw new ConfigError([`resolve takes no arguments, got ${JSON.stringify(positionals[0])}; see --help`]);
    loadDotenv(io2.env);
    const config = loadConfig(io2.env);
    token = config.token;
    for (const warning of config.warnings) log2.warn(warning);
    const recovery = await readDeploy(config, time, { withMessage: false });
    dryRun = values["dry-run"] === true;
    resolution = await resolveRecovery(createTracker(config, log2), createNotifier(config), config, recovery, log2, { dryRun });
    if (dryRun && resolution.closed.length) {
      io2.stdout.write(`
--- comment on each issue before closing it
${renderRecoveryComment(recovery)}`);
      if (config.chatWebhook) io2.stdout.write(`
--- chat message
${renderRecoveryChat(recovery, resolution.closed)}
`);
    }
    return resolution.failed.length ? EXIT.failed : EXIT.ok;
  };
  let code;
  try {
    code = await main();
  } catch (error) {
    code = reportFailure(error, log2);
  }
  const { githubOutput } = outputFiles(io2.env);
  if (githubOutput && !dryRun) {
    const { appendResolveOutputs: appendResolveOutputs2 } = await Promise.resolve().then(() => (init_outputs(), outputs_exports));
    try {
      appendResolveOutputs2(githubOutput, resolution);
    } catch (error) {
      log2.warn(`Could not write the GitHub Actions outputs (${error.message})`);
    }
  }
  if (json) io2.stdout.write(`${JSON.stringify(resolution)}
`);
  return code;
}

// lib/cli/action.ts
var io = (env, secrets) => ({ env, stdout: process.stdout, stderr: annotating(process.stderr, process.stdout, secrets) });
var run;
try {
  run = actionRun(process.env);
} catch (error) {
  process.exitCode = reportFailure(error, ioLog(io(process.env, [])));
}
if (run) {
  const commandIo = io({ ...process.env, ...run.env }, run.secrets);
  const program = `deploy-failure-reporter action (${run.command})`;
  process.exitCode = run.command === "report" ? await runReport(run.args, commandIo, program) : await runResolve(run.args, commandIo, program);
}
/*! Bundled license information:

content-type/dist/index.js:
  (*!
   * content-type
   * Copyright(c) 2015 Douglas Christopher Wilson
   * MIT Licensed
   *)

@octokit/request-error/dist-src/index.js:
  (* v8 ignore else -- @preserve -- Bug with vitest coverage where it sees an else branch that doesn't exist *)

@octokit/request/dist-bundle/index.js:
  (* v8 ignore next -- @preserve *)
  (* v8 ignore else -- @preserve *)

@octokit/graphql/dist-bundle/index.js:
  (* v8 ignore if -- @preserve *)

@octokit/plugin-paginate-rest/dist-bundle/index.js:
  (* v8 ignore next -- @preserve *)
*/
