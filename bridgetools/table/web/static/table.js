"use strict";
// The table page: renders the state the server sends (only what South may see) and sends South's calls
// and cards. Plain JavaScript, nothing fetched from anywhere but this server.

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const RANK_ORDER = "AKQJT98765432";
const params = new URLSearchParams(location.search);
const VARIANT_TITLES = { standard: "Bridge", booby: "Booby (3)", nullo: "Nullo (2)", sholem: "Sholem (2)",
  chinese: "Chinese bridge (2)", konstam: "Bridge for two" };
const TRICK_PAUSE = params.has("pause") ? Number(params.get("pause")) : 900;

let game = null;          // { id, state }
let selected = null;      // the card chosen and waiting for confirmation
let chosenCall = null;    // the call chosen and waiting for confirmation ({call, node, send}: `chooseCall`)
let shownTricks = 0;      // completed tricks already shown in the centre
let replay = [];          // completed tricks still to show one by one
let replayTimer = null;
let lastTrickShown = false;  // the last trick gathered, shown in the middle again (the Last trick button)
let tableInfo = { boards: 0, confirm: true };
let replies = 0;          // answers from the server so far (tests wait for the next one)
let thinking = false;     // South's call or card is with the server, the computer players answering it
let focusToReturn = false;  // South has acted: the focus, lost, goes back to the cards or the box (`returnFocus`)
let returningFocus = false;  // `returnFocus` is moving the focus, not the person
let told = null;          // how much of the deal in play a screen reader was told (`tell`)
let lostBefore = false;   // the game the address named was lost by the server (`resumeGame`): said once dealt

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** The " · " between the items of a line, its dot hidden from a screen reader, which read it aloud by its
 *  name ("middle dot") between each; the spaces stay heard, or the items ran together ("Score sheet0 deals"). */
function dot() { return el("span", { class: "dot" }, " ", el("span", { "aria-hidden": "true" }, "·"), " "); }

/** `items` (text or nodes) in one line, a `dot` between each. */
function dotted(items) { return items.flatMap((item, i) => (i ? [dot(), item] : [item])); }

/** "—" for a fact not known yet (the contract while the auction goes on), heard as `words` (as a void's
 *  row is): a screen reader read the dash by its name ("em dash"). */
function notYet(words) { return el("span", { role: "img", "aria-label": words }, "—"); }

function rankText(r) { return r === "T" ? "10" : r; }
function cardLabel(card) { return `${RANK_NAME[card[1]]} of ${SUIT_NAME[card[0]]}`; }
function cardText(card) { return SYMBOL[card[0]] + rankText(card[1]); }

/** A card as shown in a line of text (♥10, red for a heart or a diamond) and said by a screen reader (ten
 *  of hearts): a screen reader says the symbol's own name ("black heart suit") or nothing. */
function cardShown(card) {
  return el("span", { class: card[0] === "H" || card[0] === "D" ? "red-suit" : "", role: "img",
    "aria-label": cardLabel(card) }, cardText(card));
}

const LETTER = Object.fromEntries(Object.entries(SYMBOL).map(([letter, symbol]) => [symbol, letter]));
/** A suit's symbol, a card (♥10), a bid or a contract (3♠, 4♥X) in `text`, the rest as it is. */
const SHOWN_TOKEN = /((?<!\d)[1-7][\u2660-\u2666](?:XX|X)?(?![\w\u2660-\u2666]))|([\u2660-\u2666](?:10|[AKQJ2-9])(?!\w))|([\u2660-\u2666])/u;

/** Text with its heart and diamond symbols in red, as the nodes to put in an element; each card, bid or
 *  suit written with a symbol carries its words (`cardLabel`, `contractLabel`) for a screen reader. */
function suited(text) {
  return text.split(SHOWN_TOKEN).map((part, i) => {
    if (part === undefined || part === "") return null;
    if (i % 4 === 0) return document.createTextNode(part);
    const typed = part.replace(/[\u2660-\u2666]/, (symbol) => LETTER[symbol]);
    if (i % 4 === 1) return callNode(typed);
    if (i % 4 === 2) return cardShown(typed.replace("10", "T"));
    return el("span", { class: "HD".includes(typed) ? "red-suit" : "", role: "img", "aria-label": SUIT_NAME[typed] }, part);
  }).filter((node) => node !== null);
}

const CALL_SHOWN = { X: "Dbl", XX: "Rdbl" };
/** What the API's double and redouble are called on the page, and back from what is typed. */
const CALL_TYPED = { DBL: "X", DOUBLE: "X", RDBL: "XX", REDOUBLE: "XX" };

function callNode(call) {
  // "1S" -> 1♠ with the suit coloured, "4HX" -> 4♥X; Pass as it is, X and XX as Dbl and Rdbl. A bid is
  // said in words (one spade, four hearts doubled), not as its symbol (black spade suit), or not at all.
  const m = /^([1-7])([CDHS]|NT)(X*)$/.exec(call);
  if (!m) return document.createTextNode(CALL_SHOWN[call] || call);
  const span = el("span", { role: "img", "aria-label": contractLabel(call) }, m[1]);
  if (m[2] === "NT") span.append("NT");
  else span.append(el("span", { class: m[2] === "H" || m[2] === "D" ? "red-suit" : "" }, SYMBOL[m[2]]));
  if (m[3]) span.append(m[3]);
  return span;
}
/** A call as a screen reader says it: "1 spade", "3 no trumps", "2 nullo" (a variant's), "double". */
function callLabel(call) {
  const m = /^(\d+)(C|D|H|S|NT|N0)$/.exec(call);
  if (!m) return call === "X" ? "double" : call === "XX" ? "redouble" : "pass";
  if (m[2] === "N0") return `${m[1]} nullo`;
  const strain = m[2] === "NT" ? "no trumps" : SUIT_NAME[m[2]];
  return `${m[1]} ${m[1] === "1" ? strain.replace(/s$/, "") : strain}`;  // one spade, not one spades
}

function cardNode(card, opts = {}) {
  const red = card[0] === "H" || card[0] === "D";
  const cls = ["card", red ? "red" : "", opts.small ? "small" : "", opts.playable ? "playable" : "",
    selected === card && opts.playable ? "selected" : ""].join(" ");
  const attrs = { class: cls, "data-card": card, "aria-label": cardLabel(card) + (opts.playable ? ", playable" : "") };
  const node = opts.playable
    ? el("button", { ...attrs, type: "button", onclick: () => chooseCard(card) })
    : el("div", { ...attrs, role: "img" });
  node.append(el("span", { class: "rank", "aria-hidden": "true" }, rankText(card[1])),
    el("span", { class: "suit", "aria-hidden": "true" }, SYMBOL[card[0]]),
    el("span", { class: "pip", "aria-hidden": "true" }, SYMBOL[card[0]]));
  return node;
}

function sortCards(cards) {
  return [...cards].sort((a, b) => SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) ||
    RANK_ORDER.indexOf(a[1]) - RANK_ORDER.indexOf(b[1]));
}

async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method, headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {  // no answer at all ("Failed to fetch"): the server was stopped, or the network is down
    const error = new Error(unanswered(""));
    error.unanswered = true;
    throw error;
  }
  let data = null;
  try { data = await response.json(); } catch (e) { /* not JSON: a proxy's page, say */ }
  if (!response.ok || data === null) {
    const error = new Error((data && data.error) || `the server answered ${response.status} ${response.statusText}`);
    error.status = response.status;  // (404 for a game the server no longer holds: `forgotten`)
    throw error;
  }
  return data;
}

/** A game shown while its computer players think (a reload, a second tab: the server's state as of their
 *  last call or card, marked `thinking`) is asked for again each second till they are done, its tricks
 *  shown one by one as they come. A question not answered is asked again, `THINKING_TRIES` times in all,
 *  before the page says the server does not answer (one lost answer stopped the asking for good, the page
 *  saying the computer players were thinking till a reload). */
let watching = null;
let unansweredAsks = 0;   // the questions in a row the server has not answered
function watchThinking() {
  if (watching !== null || game.unanswered || game.lost) return;
  const id = game.id;
  watching = setTimeout(async () => {
    let now = null, error = null;
    try { now = await api("GET", `/api/games/${encodeURIComponent(id)}`); } catch (e) { error = e; }
    watching = null;
    // (not after another deal dealt or a call of this page's sent: what they show is the page's now)
    if (!game || game.id !== id || thinking) return;
    if (now === null) {
      unansweredAsks += 1;
      if (!forgotten(error) && unansweredAsks < THINKING_TRIES) { watchThinking(); return; }
      unansweredAsks = 0;
      if (forgotten(error)) game.lost = true; else game.unanswered = true;
      render();
      say(game.lost ? `${LOST} New deal deals another.` : error.unanswered ? unanswered("") : error.message);
      return;
    }
    unansweredAsks = 0;
    const before = game.state.variant ? 0 : game.state.tricks.length;
    game = now;
    replies += 1;
    if (!game.state.variant) queueTricks(before);
    render();
  }, THINKING_ASKED_MS);
}
const THINKING_TRIES = 3;
const THINKING_ASKED_MS = 1000;

/** The message for a request the server did not answer at all, naming what was not done (`notDone`). */
function unanswered(what) {
  return `the table's server does not answer${what ? ` (${what})` : ""}: was it stopped? Start bridgetools play again`;
}

const CALL_NAMED = { P: "Pass", PASS: "Pass", PAS: "Pass", X: "X", D: "X", DBL: "X", DOUBLE: "X",
  XX: "XX", R: "XX", RDBL: "XX", REDOUBLE: "XX", XXX: "XX" };
/** A call as the server names one it reads (`Call.parse`): 1n, 1N and 1 nt as 1NT, p as Pass, dbl as X; a
 *  variant's call it does not read so (2N0, 10S) as sent. */
function callNamed(call) {
  let key = call.trim().toUpperCase().replace(/ /g, "").replace(/!+$/, "");
  for (const [letter, symbol] of Object.entries(SYMBOL)) key = key.replaceAll(symbol, letter);
  const m = /^([1-7])(NT|N|SA|C|D|H|S)$/.exec(key);
  return CALL_NAMED[key] || (m ? m[1] + ({ N: "NT", SA: "NT" }[m[2]] || m[2]) : call);
}

/** What was not done when South's action `path` with `body` (as `sendOnce` sends them) was not answered, in
 *  the words the server uses when it refuses one: "your call 1S was not made", "your card SA was not
 *  played", "your discard SA, H7, D2, C3 was not made" (the message shows them as the table does). */
function notDone(path, body) {
  if (path === "undo") return "nothing was taken back";
  if (path === "next") return "the next deal was not started";
  if (path === "call") return `your call ${callNamed(body.call)} was not made`;
  if (path === "card") return `your card ${body.card} was not played`;
  if (body.kind === "exchange" && [].concat(body.value).length === 0) {
    return "your exchange of no cards (keep my hand) was not made";  // (Nullo's Keep my hand)
  }
  const kind = body.kind === "choose_dummy" ? "choice of dummy" : body.kind;
  return `your ${kind} ${[].concat(body.value).join(", ")} was not made`;
}

/** Whether `error` says the server no longer holds the game in play: it keeps its games in memory only,
 *  and a server started again (or one that made room for 2,000 newer games) answers 404 for its #id. */
function forgotten(error) { return error.status === 404; }

/** What the page says of a deal lost so: one line, not a fresh deal dealt in silence. */
const LOST = "The table's server no longer has the game in play (it was started again, and keeps games only "
  + "while it runs): a deal not finished was lost, neither scored nor recorded.";

/** A double or redouble standing as a word in a message: not a contract's X (4♠X), nor a value quoted
 *  from an address or a file name (seed=X, X.pbn). */
const CALL_IN_TEXT = /(^|[\s(“"'])(XX|X)(?=$|[\s,;:)”"']|\.(?:\s|$))/g;

/** A message with its cards and calls named as the page shows them (♠4, ♥10, 1♠, Dbl, Rdbl), not as the
 *  API spells them (S4, HT, 1S, X, XX): the server's errors name them the API's way, for programs. A
 *  contract's X (4SX, 4♠X as the page shows it) is left as it is, and so is a Law's number (Law 18D, Law
 *  6D), which only looks like a bid. */
function asShown(text) {
  return text.replace(CALL_IN_TEXT, (_, before, call) => before + CALL_SHOWN[call])
    .replace(/(?<!\bLaws? )\b(\d+)([SHDC])\b/g, (_, level, suit) => level + SYMBOL[suit])
    .replace(/\b([SHDC])(10|[AKQJT2-9])\b/g, (_, suit, rank) => SYMBOL[suit] + rankText(rank));
}
function say(text) { $("message").replaceChildren(...suited(asShown(text || ""))); }
/** Tell a screen reader what has just happened: a line added to the #announce log (a log, not a status
 *  that each new text replaced: the calls, the cards of a trick shown one by one and the result each had
 *  their line, and a line replaced before it was read was never said). The latest lines are kept. */
function announce(text) {
  const log = $("announce");
  log.append(el("p", {}, text));
  while (log.childElementCount > ANNOUNCED_KEPT) log.firstElementChild.remove();
}
const ANNOUNCED_KEPT = 20;

// Starting a deal -------------------------------------------------------------------------------
async function newGame(options) {
  say("");
  if (typeof chosenSet !== "undefined") chosenSet = new Set();
  selected = null; chosenCall = null; shownTricks = 0; replay = []; clearTimeout(replayTimer); replayTimer = null;
  lastTrickShown = false;
  $("explanation").textContent = "";
  explanations.clear();
  renderExplained(null);
  dealing();
  try {
    game = await api("POST", "/api/games", options);
    remember();
    render();
  } catch (e) {
    say(e.message);
    if (game) told = toldAlready(storyOf(game.state));  // (the deal left shown: nothing to tell again)
    if (game) render(); else $("centre").replaceChildren();  // no "Dealing…" left over a deal that failed
  }
}

/** "Dealing…" in the middle of the table while the server deals and the computer players make their first
 *  calls (the first deal of a table can take seconds): not an empty table that seems stuck. */
function dealing() {
  const table = $(game && game.state.variant ? "vtable" : "table");
  const centre = $("centre");
  if (table === $("table")) centre.replaceChildren(el("div", { class: "caption", id: "dealing" }, "Dealing…"));  // (the log says it)
  $("announce").replaceChildren();
  told = null;
  announce("Dealing…");
}

/** Whether to leave the deal in play for a new one: a deal of standard bridge not yet over is neither
 *  scored nor recorded, so the player is asked first, as a club's scorer would ask before a board is
 *  left unplayed (docs/play.md); not before the first call, when there is nothing to lose (the plain
 *  game's South deals: a deal just dealt, then the vulnerability chosen for the next, asked). A variant's
 *  rubber in progress (`leaveRubber`) is asked about too: New rubber threw it away without a word. */
function leaveUnfinished() {
  const s = game && game.state;
  if (!s || game.lost) return true;
  if (s.variant) return leaveRubber(s);
  if (s.phase === "over" || !s.auction.length) return true;
  const which = s.board ? `Board ${s.board}` : "This deal";
  return window.confirm(`${which} is not finished. Leave it unplayed? It will not be scored or recorded.`);
}

/** Whether to leave variant state `s`'s rubber for a new one: asked while it is in progress (a deal of it
 *  scored, or the deal in play begun: a call, a choice or a card made), not once it is over nor before
 *  its first deal has begun, when there is nothing to lose. */
function leaveRubber(s) {
  const scored = s.rubber && s.rubber.deals > 0;
  const begun = s.phase !== "over" && (s.auction.length > 0 || (s.choices || []).length > 0);
  if (s.rubber_over || !(scored || begun)) return true;
  const lost = begun ? " The deal in play will not be scored." : "";
  return window.confirm(`This rubber is not finished (deal ${s.deal_number}). Leave it for a new rubber?${lost}`
    + " It is not played on: its score sheet is scored as an unfinished rubber (Law 80 credits).");
}

// The game in play is named in the address (#id), so that reloading the page (or a phone reloading a tab
// it had put away) goes on with the same deal instead of dealing afresh; and so is its seed (`?seed=`, left
// out for a random deal), so that the address and the Seed box after a reload say the seed of the deal in
// play: a random deal dealt from a `?seed=7` page kept `?seed=7`, and a reload showed 7 in the Seed box.
// So are its game (`?variant=`, where the address named one or the game is not the table's own) and, for a
// deal of bridge not from a file, its vulnerability (`?vul=`, where the address named one or it is not
// None): Chinese bridge chosen in the Game list from a `?variant=booby` page, or Both from a `?vul=NS`
// one, and New deal kept the old game or vulnerability in the address, and a reload of a game the server
// had forgotten dealt it again.
function remember() {
  const query = new URLSearchParams(location.search);
  const s = game.state;
  if (Number.isInteger(s.seed)) query.set("seed", `${s.seed}`); else query.delete("seed");
  const name = s.variant || "standard";
  if (query.has("variant") || name !== (tableInfo.variant || "standard")) query.set("variant", name);
  const dealt = !s.variant && (s.board_index === null || s.board_index === undefined);
  if (dealt && (query.has("vul") || s.vulnerability !== "None")) query.set("vul", s.vulnerability);
  else query.delete("vul");
  const number = Number.isInteger(s.board_index) ? (tableInfo.numbers || [])[s.board_index] : null;
  if (Number.isInteger(number)) query.set("board", `${number}`); else query.delete("board");
  const search = query.toString();
  history.replaceState(null, "", `${location.pathname}${search ? `?${search}` : ""}#${game.id}`);
}

/** The board of the file the address names (`?board=7`: the board numbered 7, every student of a class
 *  on the same deal), by its index in the file; the first board where it names none, or one the file
 *  does not hold (said in `unread`). */
function fileBoardAsked(unread) {
  if (!params.has("board")) return 0;
  const numbers = tableInfo.numbers || [];
  const index = numbers.indexOf(Number(params.get("board")));
  if (/^\d+$/.test(params.get("board")) && index >= 0) return index;
  const held = numbers.filter(Number.isInteger);
  unread.push(`board=${params.get("board")} is not a board of the file (${held.length ? `its boards are numbered ${
    held[0]}${held.length > 1 ? ` to ${held[held.length - 1]}` : ""}` : "its boards have no numbers"})`);
  return 0;
}

async function resumeGame(id) {
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  } catch (e) {  // forgotten, or the server was started again: a new deal, as without the #id, and a
    // line saying the deal in play was lost (shown once the new one is dealt)
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    if (forgotten(e)) lostBefore = true;
    return false;
  }
  shownTricks = game.state.variant ? 0 : game.state.tricks.length;
  told = toldAlready(storyOf(game.state));  // (a reloaded page goes on from here)
  $("variant").value = game.state.variant || "standard";
  chosenGameHeader();
  if (!game.state.variant) $("vul").value = game.state.vulnerability;
  // the game's own seed, an address of its #id alone too (the Seed box said "random" of a seeded deal),
  // and none for a random deal, whatever seed the address named
  $("seed").value = Number.isInteger(game.state.seed) ? `${game.state.seed}` : "";
  remember();
  render();
  return true;
}

/** The largest seed the page can send: JavaScript's numbers hold whole numbers exactly up to 2^53 - 1, and
 *  a larger one was sent rounded (?seed=9007199254740993 dealt seed ...992) or as 1e+23, which the server
 *  refused as not a whole number. */
const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** Seed `text` (the address's, the Seed box's) as a number, or null where it is not a whole number from 0
 *  to `MAX_SEED`. */
function seedOf(text) { return /^\d+$/.test(text) && BigInt(text) <= BigInt(MAX_SEED) ? Number(text) : null; }

/** Why seed `text` is not taken, in words true of it. */
function seedRefused(text) {
  return /^\d+$/.test(text) ? `${text} is more than the page can send (seeds go up to ${MAX_SEED})`
    : `${text} is not a whole number 0 or more`;
}

$("new-game").addEventListener("submit", (event) => {
  event.preventDefault();
  closeMenu();
  const seed = $("seed").value;
  if (seed !== "" && seedOf(seed) === null) {  // (dealt without it, the box said one seed and the deal was another's)
    say(`The seed ${seedRefused(seed)}: give another, or none for a random deal.`);
    return;
  }
  if (!leaveUnfinished()) return;
  const variant = $("variant").value;
  if (variant === "standard" && tableInfo.boards) { newGame({ board: nextFileBoard() }); return; }
  const options = variant === "standard" ? { vulnerability: $("vul").value } : { variant };
  if (seed !== "") options.seed = seedOf(seed);
  newGame(options);
});

// Playing the boards of a file (bridgetools play set.pbn) ------------------------------------------
let fileBoard = -1;  // the board of the file dealt last (its index from 0)

/** The board of the file to deal next: the one after the last dealt, the first again after the last. */
function nextFileBoard() { return (fileBoard + 1) % tableInfo.boards; }

function nextBoardText() { return fileBoard >= 0 && nextFileBoard() === 0 ? "Start the set again" : "Next board"; }

/** The header's button named for what it deals: New deal for bridge, New rubber for a variant chosen in the
 *  Game list (it throws away the rubber in play, not a deal). The header's controls when the table plays a
 *  file's boards: New deal goes to the set's next board
 *  (and says so), and Vulnerable and Seed, which a board of the file does not use, are greyed with a
 *  title saying why. A variant chosen in the Game list is dealt afresh, as without a file. */
function fileHeader() {
  $("deal-button").textContent = $("variant").value === "standard" ? "New deal" : "New rubber";
  if (!tableInfo.boards) return;
  const file = $("variant").value === "standard";
  const next = nextFileBoard();
  if (file) $("deal-button").textContent = nextBoardText();
  $("deal-button").title = file ? `Board ${next + 1} of the ${tableInfo.boards} in the file` : "";
  const why = { vul: "Each board of the file has its own vulnerability",
    seed: "The boards of the file are dealt already: a seed deals a variant afresh" };
  for (const id of ["vul", "seed"]) {
    $(id).disabled = file;
    $(`${id}-label`).title = file ? why[id] : "";
  }
}

/** The header's controls for the game chosen in the Game list (before New deal deals it): Vulnerable for
 *  standard bridge only, as a variant's rubber sets its own. */
function chosenGameHeader() { document.querySelector("header").dataset.game = $("variant").value; }

$("variant").addEventListener("change", () => { fileHeader(); chosenGameHeader(); });

// South's actions -------------------------------------------------------------------------------
/** South's call or card, one at a time: while the server and the computer players answer it the page
 *  says so, the bidding box and the cards are disabled and clicks and typing are ignored (a double click
 *  made two calls, the second on an auction South had not seen). The request names the state's version
 *  it was made on, so that the server refuses one the game has moved past (another tab, say). */
async function send(kind, value) {
  const before = game && game.state.tricks.length;
  await sendOnce(kind, { [kind]: value }, (answer) => {
    game = answer;
    replies += 1;
    selected = null; lastTrickShown = false;
    queueTricks(before);
    render();
  });
}

// One request at a time, naming the state's version it acted on, for standard bridge and the variants
// alike: a double click's second action is not sent while the first is with the server, and one sent
// from a table the game has moved past is refused (409) and the game shown as it stands
async function sendOnce(path, body, took, beforeRefused = () => {}) {
  if (!game || thinking) return;
  say("");
  chosenCall = null;
  thinking = true;
  focusToReturn = true;
  render();
  try {
    const answer = await api("POST", `/api/games/${game.id}/${path}`, { ...body, seen: game.state.version });
    thinking = false;
    took(answer);
  } catch (e) {
    thinking = false;
    if (e.unanswered) e.message = unanswered(notDone(path, body));  // (which call or card to send again)
    beforeRefused();
    await refused(e);
  }
}

// Undo, in practice mode: South's last call or card and what the computer players did after it; sent
// as a call is, naming the state's version, so a double click's second undo takes back nothing more
async function undo() {
  if (!game || game.state.variant) return;
  await sendOnce("undo", {}, (answer) => {
    game = answer;
    replies += 1;
    selected = null; replay = []; clearTimeout(replayTimer); replayTimer = null; lastTrickShown = false;
    shownTricks = game.state.tricks.length;
    $("explanation").textContent = "";
    told = toldAlready(storyOf(game.state));
    announce("Taken back: your turn again.");
    render();
  });
}

// (two buttons: beside Go, and on a phone in the header, where the panel of Go is far down the page)
const undoButtons = () => document.querySelectorAll("button.undo");
for (const button of undoButtons()) button.addEventListener("click", undo);

// A hint, in practice mode: what a computer player of partner's kind would call in South's place, with
// what the call shows, or which card it would play, seeing only what South sees; shown till South acts
let hintFor = null;  // the game and version the hint shown is for (`renderHint`)
async function showHint() {
  if (!game || game.state.variant || thinking || !game.state.your_turn) return;
  const asked = `${game.id} ${game.state.version}`;
  $("hint-button").disabled = true;
  let given;
  try {
    given = await api("GET", `/api/games/${encodeURIComponent(game.id)}/hint`);
  } catch (e) {
    say(e.message);
    return;
  } finally {
    $("hint-button").disabled = false;
  }
  if (!game || `${game.id} ${game.state.version}` !== asked) return;  // (South has acted meanwhile)
  const text = given.call
    ? `Hint: the computer would call ${given.call}: ${given.why}`
    : `Hint: the computer would play ${given.card}${given.seat === "S" ? "" : ` from ${SEAT_NAMES[given.seat]}'s hand`}`;
  hintFor = asked;
  $("hint").replaceChildren(...suited(asShown(text)));
  $("hint").hidden = false;
}
$("hint-button").addEventListener("click", showHint);

/** The Hint button in practice mode while the deal is on, usable at South's turn; a hint shown is taken
 *  away once South has acted (or taken back) since it was given. */
function renderHint() {
  const s = game.state, button = $("hint-button");
  button.hidden = Boolean(s.variant) || !s.practice || s.phase === "over";
  button.disabled = !s.your_turn || thinking;
  if (hintFor !== `${game.id} ${game.state.version}`) {
    hintFor = null;
    $("hint").hidden = true;
    $("hint").textContent = "";
  }
}

async function refused(error) {
  // the message, over the game as the server holds it now: another tab of the same game (its #id) may
  // have played on, and this one shows the state it acted on until it asks again. With no answer (the
  // server stopped) or the game forgotten (started again), what is shown stays, drawn out of the thinking
  // state: the box and the cards work again, so that the call or card can be sent again once the server
  // runs, and a deal the server lost is said to be lost (New deal then asks nothing).
  selected = null;
  try {
    const now = await api("GET", `/api/games/${game.id}`);
    if (!game.state.variant && !now.state.variant) shownTricks = now.state.tricks.length;
    game = now;
  } catch (e) {
    if (forgotten(e) || forgotten(error)) game.lost = true;
  }
  replies += 1;
  render();
  say(game.lost ? `${LOST} New deal deals another.` : error.message);
}

function chooseCard(card) {
  if (game && game.state.variant) { vchooseCard(card); return; }
  if (!game || thinking || !game.state.legal_cards.includes(card)) return;
  lastTrickShown = false;  // (back to the trick in play)
  if (!confirming() || selected === card) { send("card", card); return; }
  selected = card;
  render();
  focusPlayButton();
}

function confirming() { return $("confirm").checked; }

/** A call clicked in the bidding box (`send` makes it; `node` draws it): made at once, or, with *Confirm each
 *  call* ticked (a touch screen's default), chosen (the button shown pressed) and made by the Play button
 *  under the box or a second click on it, as a card is with *Confirm each card*: a call tapped for its
 *  neighbour was made at once, with no way back. */
function chooseCall(call, node, send) {
  if (!game || thinking) return;
  if (!$("confirm-calls").checked || (chosenCall && chosenCall.call === call)) { send(call); return; }
  chosenCall = { call, node, send };
  render();
  focusPlayButton();
}

/** Whether the call chosen waits for its Play button: the box is open and the call still legal in it. */
function callWaiting() {
  if (!chosenCall || $("bidding-box").hidden) return false;
  const button = $("bidding-box").querySelector(`[data-call="${chosenCall.call}"]`);
  return Boolean(button) && !button.disabled;
}

/** Focus the Play button of a chosen card or call. On a phone it sits at the foot of the screen (fixed
 *  there): focusing it must not scroll the page, which would take the chosen card and the trick out of
 *  view. Elsewhere (beside the table, under a phone's bidding box, which may end at the screen's foot) the
 *  page scrolls the least that brings it into view, if it is not. */
function focusPlayButton() {
  $("play-button").focus({ preventScroll: true });
  if (getComputedStyle($("confirm-box")).position !== "fixed") intoViewByLeast($("confirm-box"));
}

$("play-button").addEventListener("click", () => {
  if (chosenCall) chosenCall.send(chosenCall.call);
  else if (selected && game.state.variant) vsend("card", { card: selected });
  else if (selected) send("card", selected);
});
$("cancel-button").addEventListener("click", dropChoice);

/** The card or call chosen dropped (Choose again, Escape), to choose again: a focus on its Play or Choose
 *  again button (hidden with it), or on the card itself (drawn anew), goes back to the card or call that
 *  was chosen, not to the page, where a keyboard or a screen reader was left at the top of the page, to
 *  Tab back through the header. */
function dropChoice() {
  const chosen = chosenCall ? `#bidding-box button[data-call="${chosenCall.call}"]`
    : selected ? `button.card[data-card="${selected}"]` : null;
  const active = document.activeElement;
  selected = null;
  chosenCall = null;
  render();
  const lost = $("confirm-box").contains(active) || !active || !active.isConnected;
  const node = chosen !== null && lost ? document.querySelector(chosen) : null;
  if (node) node.focus({ preventScroll: true });
}

$("keyboard").addEventListener("submit", (event) => {
  event.preventDefault();
  const words = $("typed").value.trim().toUpperCase().replace(/^PASS$/, "P");
  const call = CALL_TYPED[words] || words;  // Dbl and Rdbl typed as the page names them
  const typed = call.replace("10", "T");  // a card's ten is T; a call keeps its level (Chinese bridge's 10NT)
  $("typed").value = "";
  if (!typed && game && game.state.variant && game.state.choose) { giveChosen(); return; }
  if (!game || !typed || thinking) return;
  const card = typed.length === 2 && "AKQJT98765432".includes(typed[0]) && "SHDC".includes(typed[1])
    ? typed[1] + typed[0] : typed;  // (7H as H7)
  if (game.state.variant) {
    if (game.state.phase === "bidding") vsend("call", { call });
    else if (game.state.phase === "play") vsend("card", { card });
    else if (game.state.choose) vchooseCard(card);
    return;
  }
  if (game.state.phase === "auction") send("call", call);
  else if (game.state.phase === "play") send("card", card);
});

/** Enter in the empty field, once the cards of a discard, exchange or reserve are typed: they are given (the
 *  choice's button, pressed), as a keyboard would otherwise Tab some 20 times past the hand to reach it.
 *  Not before a card is chosen: an exchange of none (Keep my hand) is its button's alone. */
function giveChosen() {
  const button = $("action-button");
  if (button && !button.disabled && chosenSet.size > 0 && !thinking) button.click();
}

// The table's keys: L (the last trick) and Escape, on the page and in the field to type a call or a card
// while it is empty (as it is once its call or card is sent, the focus staying there for the next one): no
// call nor card starts with L, so an L there was typed for the table. Escape in a field holding text
// clears it first.
document.addEventListener("keydown", (event) => {
  const typed = $("typed");
  const typing = document.activeElement === typed;
  const tag = document.activeElement ? document.activeElement.tagName : "";
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (typing && typed.value !== "") {
    if (event.key === "Escape") typed.value = "";
    return;
  }
  if (!typing && (tag === "INPUT" || tag === "SELECT")) return;
  if ((event.key === "l" || event.key === "L") && canShowLastTrick()) {  // (no call nor card starts with L)
    event.preventDefault();
    toggleLastTrick();
    return;
  }
  // (not once the deal is over: the box is hidden then, and its place all zeros would scroll the page up)
  if (/^[0-9a-zA-Z]$/.test(event.key) && !typing && !$("keyboard").hidden) {
    typed.focus({ preventScroll: true });
    intoViewByLeast(typed);
  }
  if (event.key === "Escape" && lastTrickShown) { lastTrickShown = false; render(); }
  else if (event.key === "Escape" && (selected || chosenCall)) dropChoice();
});

/** Scroll the page by the least that brings `node` wholly into view, below a header kept at the top: the
 *  field to type in, focused by a key typed on the page. The browser's own scroll took it to the middle of
 *  the screen, the table mostly off it (a variant's play on a phone scrolled 360-610 px, Chinese bridge's
 *  still 460 px with the field just under the table). */
function intoViewByLeast(node) {
  const box = node.getBoundingClientRect();
  if (box.bottom > innerHeight) window.scrollBy(0, box.bottom - innerHeight + 8);
  else if (box.top < ceiling()) window.scrollBy(0, box.top - ceiling() - 8);
}

async function explain(index, seat, call) {
  try {
    const data = await api("GET", `/api/games/${game.id}/calls/${index}/explanation`);
    // the bidding box's foot (Pass) in view before the explanation is kept in view after it: the lines it
    // takes above the box on a phone pushed Pass below the screen (375x740)
    const box = $("bidding-box");
    const seen = !box.hidden && box.getBoundingClientRect().bottom <= innerHeight;
    $("explanation").replaceChildren(...explainedNodes(seat, call, data.explanation));
    if (seen && box.getBoundingClientRect().bottom > innerHeight) intoViewByLeast(box);
  } catch (e) { say(e.message); }
}

/** Seat `seat`'s call `call` with its meaning `text`, as the explanation area shows it: "West 1♥: 5+
 *  hearts", the call as the auction shows it (1♠, Dbl), not as the API spells it (1S, X). */
function explainedNodes(seat, call, text) { return [`${SEAT_NAMES[seat]} `, callNode(call), ": ", ...suited(text)]; }

// Explain each call ------------------------------------------------------------------------------
// Ticked (or `?explain=1`), each computer call's meaning (the table's explanation of it, the text a click
// on the call shows) is shown under the auction and told in the log with the call, as the call is made: a
// class hears "West bids 1 heart: ..." without asking, where a screen reader was told the call alone and
// the meaning only on a click it had to think of.

/** The explanations asked for, by `explainedKey`: the text, or "" where none came (the call is told
 *  without it). */
const explanations = new Map();
const explaining = new Set();  // the keys asked for, not answered yet

function explainEach() { return $("explain").checked; }

/** Call `i` of state `s`'s auction in the game in play, with the calls before it: an undo and another
 *  call change what comes after, and a call's meaning with them. */
function explainedKey(s, i) { return `${game.id} ${s.auction.slice(0, i + 1).join(" ")}`; }

/** The explanation of call `i` of state `s` ("" for none), or undefined while it is asked for: asked
 *  once, the table drawn again when it comes. */
function explanationOf(s, i) {
  const key = explainedKey(s, i);
  if (!explanations.has(key) && !explaining.has(key)) askExplanation(key, i);
  return explanations.get(key);
}

async function askExplanation(key, index) {
  const id = game.id;
  explaining.add(key);
  let text = "";
  try {
    text = (await api("GET", `/api/games/${encodeURIComponent(id)}/calls/${index}/explanation`)).explanation;
  } catch (e) { /* (told and shown without its meaning, as with a player who gives none) */ }
  explaining.delete(key);
  explanations.set(key, text);
  // (once all the game's meanings asked for together have come: the calls told in one line, as without)
  if (game && game.id === id && ![...explaining].some((asked) => asked.startsWith(`${id} `))) render();
}

/** A computer call told with its meaning: "West bids 1 heart: 5+ hearts.", "North passes, alerted: ...". */
function explainedWords(seat, call, alerted, text) {
  const made = { Pass: "passes", X: "doubles", XX: "redoubles" }[call] || `bids ${callLabel(call)}`;
  const words = suited(text).map((node) => node.nodeType === Node.TEXT_NODE ? node.data
    : node.getAttribute("aria-label") || node.textContent).join("");  // (a suit's symbol in words)
  return `${SEAT_NAMES[seat]} ${made}${alerted ? ", alerted" : ""}: ${words.replace(/\.$/, "")}.`;
}

/** Story `story` of state `s` as told with *Explain each call* ticked: each computer call not told yet
 *  with its meaning (`explainedWords`), and, while the meaning of one is still asked for, nothing new (no
 *  call, nor the contract, nor a card), so that each call is told once, in turn, with its meaning, and
 *  South's call with the answers to it in one line, as unticked. Unticked, the story as it is. */
function explainedStory(story, s) {
  if (!explainEach()) return story;
  const alerted = new Set(s.alerts || []);
  const calls = [...story.calls];
  const from = told && told.id === story.id ? told.calls : 0;
  let waiting = false;  // a meaning has not come (each one missing is asked for)
  for (let i = from; i < s.auction.length; i++) {
    const seat = callerOf(s, i);
    const text = seat === "S" ? "" : explanationOf(s, i);
    waiting ||= text === undefined;
    if (text) calls[i] = explainedWords(seat, s.auction[i], alerted.has(i), text);
  }
  if (!waiting) return { ...story, calls };
  return { ...story, calls: calls.slice(0, from), contract: null, after: [], tricks: 0, current: [], over: false };
}

/** The computer calls made since South's last call (all of them before South's first), explained under
 *  the auction with *Explain each call* ticked: as far as their meanings have come, as the log tells
 *  them. A new list clears the line a click explained before it. Unticked, after the auction (the log
 *  has told them; a click still explains a call) and at a variant's table, none.
 *  Returns whether every meaning has come. */
function renderExplained(s) {
  let from = 0;
  for (let i = s ? s.auction.length - 1 : -1; i >= 0 && !from; i--) if (callerOf(s, i) === "S") from = i + 1;
  const lines = [];
  let waiting = false;
  for (let i = from; s && s.phase === "auction" && explainEach() && i < s.auction.length; i++) {
    const text = explanationOf(s, i);
    waiting ||= text === undefined;
    if (text && !waiting) lines.push({ key: explainedKey(s, i), seat: callerOf(s, i), call: s.auction[i], text });
  }
  const list = $("explained");
  const shown = lines.map((line) => line.key).join("|");
  if (list.dataset.shown === shown) return !waiting;  // (not drawn anew: a screen reader keeps its place)
  list.dataset.shown = shown;
  // (on a phone a line shows its start, and the whole of it once tapped)
  list.replaceChildren(...lines.map((line) => el("li", { onclick: (event) => event.currentTarget.classList.toggle("whole") },
    ...explainedNodes(line.seat, line.call, line.text))));
  list.hidden = lines.length === 0;
  if (lines.length) $("explanation").replaceChildren();
  return !waiting;
}

// The last trick, shown again -------------------------------------------------------------------
/** Whether the Last trick button is offered: in the play of the standard table, once a trick has been
 *  gathered, and not while the tricks just completed are being shown one by one. */
function canShowLastTrick() {
  const s = game && game.state;
  return Boolean(s && !s.variant && s.phase === "play" && s.tricks.length > 0 && !replay.length && !replayTimer);
}

/** Show the last trick gathered in the middle of the table, or hide it (the button, or the key L). */
function toggleLastTrick() {
  lastTrickShown = !lastTrickShown && canShowLastTrick();
  render();
  if (lastTrickShown) {
    const tricks = game.state.tricks;
    announce(`Last trick, trick ${tricks.length}: ${standardTrickWords(tricks[tricks.length - 1])}`);
  }
}

$("last-trick-button").addEventListener("click", toggleLastTrick);

function renderLastTrickButton() {
  const button = $("last-trick-button");
  if (!canShowLastTrick()) lastTrickShown = false;
  button.hidden = !canShowLastTrick();
  button.setAttribute("aria-pressed", String(lastTrickShown));
  // (its text stays "Last trick", pressed when shown: a longer "Hide last trick" met North's name tag on a
  // phone)
}

// Tricks shown one at a time ---------------------------------------------------------------------
function queueTricks(before) {
  const tricks = game.state.tricks;
  for (let i = Math.max(before, shownTricks); i < tricks.length; i++) replay.push(i);
  if (replay.length && !replayTimer) stepReplay();
}

function stepReplay() {
  if (!replay.length) { replayTimer = null; render(); return; }
  shownTricks = replay.shift() + 1;
  render(game.state.tricks[shownTricks - 1]);
  replayTimer = setTimeout(stepReplay, TRICK_PAUSE);
}

/** Whether the tricks just completed are being shown one by one. */
function replaying() { return replay.length > 0 || replayTimer !== null; }

/** The state as it stood when trick `shown` (counted from 1) was gathered, for the tricks shown one by
 *  one: the cards played since back in the hands South saw then, the tricks won so far, and a deal that
 *  ended since still in its play (its hands face down, its result and record to come), so that watching
 *  North play, or the tricks after South's last card, tells nothing ahead of the cards. */
function asOfTrick(s, shown) {
  const later = s.tricks.slice(shown).concat(s.current_trick ? [s.current_trick] : []);
  const back = { N: [], E: [], S: [], W: [] };
  for (const trick of later) {
    trick.cards.forEach((card, i) => back[SEATS[(SEATS.indexOf(trick.leader) + i) % 4]].push(card));
  }
  const over = s.phase === "over";
  const seen = new Set(["S", s.dummy, s.dummy === "S" ? s.declarer : null]);  // (in the play)
  const hands = {};
  const counts = {};
  for (const seat of SEATS) {
    counts[seat] = s.counts[seat] + back[seat].length;
    if (over ? seen.has(seat) : s.hands[seat]) hands[seat] = (s.hands[seat] || []).concat(back[seat]);
  }
  const won = { NS: 0, EW: 0 };
  for (const trick of s.tricks.slice(0, shown)) won["NS".includes(trick.winner) ? "NS" : "EW"] += 1;
  const next = shown < s.tricks.length ? s.tricks[shown].leader : null;  // (none after the last trick)
  return { ...s, hands, counts, tricks_won: won, phase: over ? "play" : s.phase, your_turn: over ? false : s.your_turn,
    turn: over ? next : s.turn, current_trick: null };
}

// Rendering --------------------------------------------------------------------------------------
function roleOf(seat, s) {
  const roles = [];
  if (s.dealer === seat) roles.push("dealer");
  if (s.declarer === seat) roles.push("declarer");
  if (s.dummy === seat) roles.push("dummy");
  return roles.join(", ");
}

function vulnerable(seat, vul) {
  return vul === "All" || vul === "Both" || (vul === "NS" && "NS".includes(seat)) ||
    (vul === "EW" && "EW".includes(seat));
}

function renderSeat(seat, s) {
  const box = $("seat-" + seat);
  box.replaceChildren();
  const over = s.phase === "over";
  const cards = over ? s.deal[seat] : s.hands[seat];
  const choosing = !over && !thinking && s.your_turn && s.turn === seat && s.phase === "play";
  const name = seat === "S" ? "South (you)" : SEAT_NAMES[seat];
  const role = roleOf(seat, s);
  box.classList.toggle("to-act", !over && s.turn === seat);
  box.setAttribute("aria-label", `${name}${role ? ", " + role : ""}${vulnerable(seat, s.vulnerability) ?
    ", vulnerable" : ""}`);
  // (a space before the role, where a narrow seat's tag may break: "West" over "dummy")
  box.append(el("div", { class: "name" }, name, role ? " " : null, role ? el("span", { class: "role" }, role) : null,
    vulnerable(seat, s.vulnerability) ? el("span", { class: "role vul-yes", title: "vulnerable" }, " vul") : null));
  if (!cards) {
    const backs = el("div", { class: "backs", role: "img", "aria-label": `${s.counts[seat]} cards, hidden` });
    for (let i = 0; i < s.counts[seat]; i++) backs.append(el("div", { class: "card back", "aria-hidden": "true" }));
    box.append(backs);
    return;
  }
  const legal = choosing ? new Set(s.legal_cards) : new Set();
  const sorted = sortCards(cards);
  const small = seat === "E" || seat === "W";
  if (seat === "E" || seat === "W") {
    const rows = el("div", { class: "suit-rows", role: "group", "aria-label": `${SEAT_NAMES[seat]}'s cards` });
    for (const suit of SUITS) {
      const row = el("div", { class: "suit-row" });
      for (const c of sorted.filter((c) => c[0] === suit)) row.append(cardNode(c, { small, playable: legal.has(c) }));
      // a void: its row says so ("—"), not an empty row that reads as a suit left out
      if (!row.childElementCount) row.append(el("span", { class: "void", role: "img", "aria-label": `no ${SUIT_NAME[suit]}` }, "—"));
      rows.append(row);
    }
    box.append(rows);
  } else {
    const hand = el("div", { class: "hand" + (choosing ? " active" : ""), role: "group",
      "aria-label": `${SEAT_NAMES[seat]}'s cards` });
    for (const c of sorted) hand.append(cardNode(c, { small, playable: legal.has(c) }));
    box.append(hand);
  }
}

function renderCentre(s, shown) {
  const centre = $("centre");
  centre.replaceChildren();
  centre.setAttribute("aria-label", "Trick in progress");
  const last = !shown && lastTrickShown ? s.tricks[s.tricks.length - 1] : null;
  let trick = shown || last || (s.phase === "play" ? s.current_trick : null);
  if (!shown && trick && trick.cards.length === 0 && replay.length === 0 && !replayTimer) {  // (the lead to make)
    trick = null;
  }
  if (trick) {
    const order = SEATS.indexOf(trick.leader);
    trick.cards.forEach((card, i) => {
      const seat = SEATS[(order + i) % 4];
      // the last trick shown again: who led and who won tagged under their cards (a phone has no room
      // in the middle for a caption between the cards)
      const tag = !last ? "" : [seat === trick.leader ? "led" : "", seat === trick.winner ? "won" : ""]
        .filter(Boolean).join(" · ");
      centre.append(el("div", { class: `slot slot-${seat}${trick.winner === seat ? " winner" : ""}`, role: "img",
        "aria-label": `${SEAT_NAMES[seat]} played ${cardLabel(card)}${tag ? ` (${tag})` : ""}` }, cardNode(card),
        tag ? el("span", { class: "tag", "aria-hidden": "true" }, tag) : null));
    });
    if (last) {
      centre.append(el("div", { class: "caption over-cards", id: "last-trick" }, `Last trick (${s.tricks.length})`, el("br"),
        `led by ${SEAT_NAMES[trick.leader]}`, el("br"), `won by ${SEAT_NAMES[trick.winner]}`));
      centre.setAttribute("aria-label", "Last trick");
    } else if (trick.winner) {
      centre.append(el("div", { class: "caption over-cards" }, `Trick ${s.tricks.indexOf(trick) + 1}`, el("br"),
        `won by ${SEAT_NAMES[trick.winner]}`));
    }
  } else if (s.phase === "auction") {
    centre.append(el("div", { class: "caption" }, thinking || s.thinking ? "Thinking…" : s.your_turn ? "Your call" : "Bidding…"));
  } else if (s.phase === "over") {
    // the result where the eye is (on a phone the record with the score is far down the page)
    const ns = s.score ? `North-South ${signed(s.score.NS)}` : "";
    centre.append(el("div", { class: "caption", id: "result-in-centre" },
      ...(s.contract === "Pass" ? ["Passed out", el("br"), "0 to either side"]
        : [contractNode(s), `: ${resultWords(s.score)}`, el("br"), ns])));
  } else if (s.your_turn) {
    centre.append(el("div", { class: "caption" }, s.turn === "S" ? "Your lead" : `Lead from ${SEAT_NAMES[s.turn]}`));
  }
}

/** The contract and its declarer (`4♥X by North`), "Passed out", or "—" while the auction goes on. */
function contractNode(s) {
  if (s.contract === null) return notYet("no contract yet");
  if (s.contract === "Pass") return "Passed out";
  return el("span", {}, callNode(s.contract), ` by ${SEAT_NAMES[s.declarer]}`);
}

function renderInfo(s) {
  // a fact the board's file gives as unknown is shown so, with what it is played as (`playing_terms`)
  const unknown = (what) => (s.unknown || []).includes(what);
  const played = (text) => `unknown (played as ${text})`;
  const vulText = { None: "Neither", NS: "North-South", EW: "East-West", All: "Both" }[s.vulnerability] || s.vulnerability;
  const dealerText = unknown("dealer") ? played(`${SEAT_NAMES[s.dealer]} dealing`) : SEAT_NAMES[s.dealer];
  const dl = el("dl", {},
    s.board ? el("dt", {}, "Board") : null, s.board ? el("dd", {}, `${s.board}`) : null,
    el("dt", {}, "Dealer"), el("dd", {}, dealerText),
    el("dt", {}, "Vulnerable"), el("dd", {}, unknown("vulnerability") ? played(`${vulText.toLowerCase()} vulnerable`) : vulText),
    el("dt", {}, "Contract"), el("dd", { id: "contract" }, contractNode(s)),
    el("dt", {}, "Tricks"), el("dd", { id: "tricks-won" }, ...dotted([`NS ${s.tricks_won.NS}`, `EW ${s.tricks_won.EW}`])));
  renderInfoPanel(dl, statusText(s));
  const vul = { None: "none", NS: "N-S", EW: "E-W", All: "both" }[s.vulnerability] || s.vulnerability;
  renderSummary([s.board ? `Board ${s.board}` : null,
    unknown("dealer") ? `Dealer unknown (${SEAT_NAMES[s.dealer]})` : `Dealer ${SEAT_NAMES[s.dealer]}`,
    el("span", { class: vulnerable("S", s.vulnerability) ? "vul-yes" : "" },
      unknown("vulnerability") ? `Vul unknown (played as ${vul})` : `Vul ${vul}`),
    s.contract === null ? null : contractNode(s),
    s.contract === null || s.contract === "Pass" ? null
      : el("span", {}, ...dotted([`Tricks NS ${s.tricks_won.NS}`, `EW ${s.tricks_won.EW}`]))]);
}

/** The deal's panel: its facts (`dl`) and the status line under them. The status line is one element kept
 *  from render to render, its text changed only when it changes: a live region made anew at each render
 *  (each trick shown, each answer) was said again, or not at all, as the screen reader saw fit. */
function renderInfoPanel(dl, status) {
  let line = $("status");
  if (!line) {
    line = el("p", { id: "status", role: "status" });
    $("info").replaceChildren(el("h2", {}, "The deal"), el("dl"), line);
  }
  $("info").querySelector("dl").replaceWith(dl);
  if (line.textContent !== status) line.textContent = status;
}

/** The deal in short at the top of a phone's screen (the header, kept there; the deal's panel is down the
 *  page, under the table and the bidding box): `items`, each kept on one line, nulls left out. */
function renderSummary(items) {
  const shown = items.filter((item) => item !== null && item !== undefined);
  $("summary").replaceChildren(...dotted(shown.map((item) => el("span", { class: "item" }, item))));
}

// The header's controls on a phone, behind its Menu button
$("menu-button").addEventListener("click", () => {
  const open = document.querySelector("header").classList.toggle("open");
  $("menu-button").setAttribute("aria-expanded", String(open));
});

function closeMenu() {
  document.querySelector("header").classList.remove("open");
  $("menu-button").setAttribute("aria-expanded", "false");
}

/** How far down the screen the page's content starts: below the header where it stays at the top (a
 *  phone), else 0. What is brought into view must come below it. */
function ceiling() {
  const header = document.querySelector("header");
  return getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
}

function statusText(s) {
  if (!thinking && s.thinking && game.lost) return "The deal was lost by the table's server.";
  if (!thinking && s.thinking && game.unanswered) return "The table's server does not answer.";
  if (thinking || s.thinking) return "The computer players are thinking…";
  if (s.phase === "over") return "The deal is over.";
  if (!s.turn) return "The last trick…";  // (shown before the deal's result)
  if (!s.your_turn) return `${SEAT_NAMES[s.turn]} to ${s.phase === "auction" ? "call" : "play"}…`;
  if (s.phase === "auction") return "Your call: choose from the bidding box or type it.";
  if (s.turn === "S") return "Your turn: choose a card from your hand.";
  return `Your turn: choose a card from ${SEAT_NAMES[s.turn]}'s hand (dummy).`;
}

function renderAuction(s) {
  const body = $("auction").tBodies[0];
  body.replaceChildren();
  const start = ["W", "N", "E", "S"].indexOf(s.dealer);
  const alerted = new Set(s.alerts || []);  // the calls the bidder's rule alerts (artificial), as bid marks them
  const cells = Array(start).fill(null).concat(s.auction.map((call, i) => ({ call, i })));
  if (s.phase === "auction") cells.push({ call: s.your_turn && !thinking ? "?" : "…", i: -1 });
  for (let r = 0; r < cells.length; r += 4) {
    const row = el("tr");
    for (let c = 0; c < 4; c++) {
      const cell = cells[r + c];
      const seat = ["W", "N", "E", "S"][c];
      if (!cell) { row.append(el("td")); continue; }
      if (cell.i < 0) { row.append(el("td", {}, turnMark(cell.call))); continue; }
      const alert = alerted.has(cell.i);
      row.append(el("td", {}, el("button", { type: "button", class: alert ? "alerted" : "",
        title: alert ? "Alerted (artificial): what does this call mean?" : "What does this call mean?",
        "aria-label": `${SEAT_NAMES[seat]}: ${callLabel(cell.call)}${alert ? ", alerted" : ""}. Explain`,
        onclick: () => explain(cell.i, seat, cell.call) }, callNode(cell.call),
        alert ? el("span", { class: "alert-mark", "aria-hidden": "true" }, "!") : null)));
    }
    body.append(row);
  }
}

/** The auction's mark of the call to come: "?" said "your call", "…" said "to call". */
function turnMark(mark) {
  return el("span", { role: "img", "aria-label": mark === "?" ? "your call" : "to call" }, mark);
}

/** The buttons of a bidding box: bids with the strains across and the levels down (levels where no bid
 *  is legal left out when `skipOutOfReach`), then Pass, Dbl and Rdbl; each sends its call to `onCall`
 *  (through `chooseCall`: at once, or once confirmed), the call chosen shown pressed.
 *  The standard table and the variants' table both draw theirs with it. */
function biddingBoxButtons({ strains, levels, legal, pass, label, node, onCall, skipOutOfReach = false }) {
  const chosen = (call) => chosenCall !== null && chosenCall.call === call && legal.has(call);
  const grid = el("div", { class: "levels", role: "group", "aria-label": "Bids",
    style: `grid-template-columns: repeat(${strains.length}, 1fr)` });
  for (let level = 1; level <= levels; level++) {
    if (skipOutOfReach && !strains.some((strain) => legal.has(`${level}${strain}`))) continue;
    for (const strain of strains) {
      const call = `${level}${strain}`;
      grid.append(el("button", { type: "button", "data-call": call, disabled: !legal.has(call),
        class: `${strain === "N0" ? "nullo-bid" : ""}${chosen(call) ? " chosen" : ""}`,
        "aria-pressed": chosen(call) ? "true" : null, "aria-label": label(call),
        onclick: () => chooseCall(call, node, onCall) }, node(call)));
    }
  }
  const other = (cls, call, text, aria) => el("button", { type: "button", class: cls + (chosen(call) ? " chosen" : ""),
    "data-call": call, "aria-label": aria, "aria-pressed": chosen(call) ? "true" : null, disabled: !legal.has(call),
    onclick: () => chooseCall(call, node, onCall) }, text);
  const others = el("div", { class: "others", role: "group", "aria-label": "Other calls" },
    other("pass", pass, "Pass"), other("dbl", "X", "Dbl", "double"), other("rdbl", "XX", "Rdbl", "redouble"));
  return [grid, others];
}

function renderBiddingBox(s) {
  const box = $("bidding-box");
  const open = s.phase === "auction" && s.your_turn;
  box.hidden = !open;
  if (!open) return;
  const buttons = biddingBoxButtons({ strains: ["C", "D", "H", "S", "NT"], levels: 7, legal: new Set(s.legal_calls),
    pass: "Pass", label: callLabel, node: callNode, onCall: (call) => send("call", call), skipOutOfReach: true });
  box.replaceChildren(el("h2", {}, "Your call"), ...buttons);
  box.classList.remove("long");  // (a variant's box of more than seven levels, lower rows on a phone)
  // while the computer players answer South's call the legal calls stay in view, greyed, and do nothing
  if (thinking) for (const button of box.querySelectorAll("button:enabled")) {
    button.disabled = true;
    button.classList.add("waiting");
  }
}

function renderConfirm(s) {
  const show = selected !== null && s.legal_cards.includes(selected);
  $("confirm-box").hidden = !show;
  if (show) showPlayButton(selected);
  confirmCall();
}

/** The Play button of a call chosen (`chooseCall`), under the bidding box: "Bid 1♠", "Pass", "Dbl" shown,
 *  "Bid 1 spade", "Make the call: pass" said; none once the call is made or no longer open. */
function confirmCall() {
  if (!callWaiting()) { chosenCall = null; return; }
  const { call, node } = chosenCall;
  const bid = /^\d/.test(call);
  $("play-button").replaceChildren(...(bid ? ["Bid ", node(call)] : [node(call)]));
  $("play-button").setAttribute("aria-label", bid ? `Bid ${callLabel(call)}` : `Make the call: ${callLabel(call)}`);
  $("confirm-box").hidden = false;
}

/** The confirm button of card `card`: "Play ♥4" shown, "Play four of hearts" said. */
function showPlayButton(card) {
  $("play-button").textContent = `Play ${cardText(card)}`;
  $("play-button").setAttribute("aria-label", `Play ${cardLabel(card)}`);
}

/** A number of tricks: "1 trick", "9 tricks". */
function tricksWord(n) { return `${n} trick${n === 1 ? "" : "s"}`; }

/** Points with their sign: +120, -50, 0. */
function signed(points) { return `${points > 0 ? "+" : ""}${points}`; }

/** A played contract's result from its score: `made exactly`, `made +1`, `down 2`. */
function resultWords(score) {
  return score.result === 0 ? "made exactly" : score.result > 0 ? `made +${score.result}` : `down ${-score.result}`;
}

function renderRecord(s) {
  const record = $("record");
  record.hidden = s.phase !== "over" || replay.length > 0 || replayTimer !== null;
  if (record.hidden) { record.replaceChildren(); return; }
  const sc = s.score;
  // "Led by" is left out on a phone (the cards are listed from the lead, the leader's first)
  const tricks = el("table", { class: "tricks" }, el("thead", {}, el("tr", {}, el("th", {}, "Trick"),
    el("th", { class: "led" }, "Led by"), el("th", {}, "Cards"), el("th", {}, "Won by"))));
  const tb = el("tbody");
  s.tricks.forEach((t, i) => {
    const order = SEATS.indexOf(t.leader);
    tb.append(el("tr", {}, el("td", {}, `${i + 1}`), el("td", { class: "led" }, SEAT_NAMES[t.leader]),
      el("td", {}, ...t.cards.map((c, j) => el("span", { class: "played" },
        el("span", { "aria-label": SEAT_NAMES[SEATS[(order + j) % 4]], role: "img" }, SEATS[(order + j) % 4]), " ",
        cardShown(c)))),
      el("td", { class: "win" }, SEAT_NAMES[t.winner])));
  });
  tricks.append(tb);
  const items = el("table", { class: "score" });
  for (const item of sc.items) {
    items.append(el("tr", {}, el("td", {}, item.name), el("td", { class: "pts" }, signed(item.points)),
      el("td", {}, item.how)));
  }
  const headline = s.contract === "Pass" ? "Passed out: 0 to either side" :
    `by ${SEAT_NAMES[s.declarer]}, ${tricksWord(sc.tricks)}: ${resultWords(sc)}`;
  const next = tableInfo.boards && s.board_index !== null
    ? el("button", { type: "button", id: "next-board", onclick: () => newGame({ board: nextFileBoard() }) }, nextBoardText())
    : el("button", { type: "button", id: "next-board", onclick: () => $("new-game").requestSubmit() }, "Deal again");
  // a file's board dealt again, from its first call or the lesson's start: a class tries it another way
  const again = tableInfo.boards && s.board_index !== null
    ? el("button", { type: "button", id: "play-again", onclick: () => newGame({ board: s.board_index }) },
      "Play this board again")
    : "";
  const dd = s.double_dummy;
  const review = !dd ? el("div") : el("div", { id: "double-dummy" }, el("h3", {}, "Double dummy"),
    el("p", { id: "par" }, ...suited(dd.par_words)),
    dd.costly.length
      ? el("ul", {}, ...dd.costly.map(c => el("li", {}, `Trick ${c.trick}: ${SEAT_NAMES[c.seat]}'s `,
          cardShown(c.card),
          ` cost ${tricksWord(c.cost)}`)))
      : el("p", {}, "No card cost a trick."));
  record.replaceChildren(
    el("h2", {}, "The record"),
    el("p", { class: "total", id: "final-score" }, ...dotted([el("span", { class: "side" }, `North-South ${signed(sc.NS)}`),
      el("span", { class: "side" }, `East-West ${signed(sc.EW)}`)])),
    el("p", { id: "result" }, s.contract === "Pass" ? "" : el("span", {}, callNode(s.contract), " "), headline),
    el("div", { class: "cols" }, el("div", {}, el("h3", {}, "Score"), sc.items.length ? items : el("p", {}, "No score.")),
      s.tricks.length ? el("div", {}, el("h3", {}, "Tricks"), tricks) : el("div")),
    review,
    // the seeded players' decisions that reached their time ceiling (a busy machine): the seed may replay otherwise
    s.ceiling ? el("p", { id: "ceiling" }, ...suited(asShown(`${s.ceiling[0].toUpperCase()}${s.ceiling.slice(1)}.`))) : "",
    next, again ? " " : "", again);
}

/** The keyboard's hint: the calls and cards one types, nullo among the calls where the variant bids it
 *  (typed `2N0` or `2 nullo`, as the bidding box's "2 nullo"). */
function typingHint(state) {
  const given = { discard: "give them to the booby", exchange: "exchange them", reserve: "set them aside" };
  if (state.variant && state.your_turn && state.choose) {
    return `Type the cards to choose (H7, SA), then Enter with nothing typed to ${given[state.choose.kind]}`;
  }
  const nullo = Boolean(state.variant) && (state.strains || []).includes("N0");
  return `Type a call (1S, 3NT, ${nullo ? "2N0 or 2 nullo, " : ""}P, X) or a card (H7, SA)`;
}

function render(shownTrick) {
  if (!game) return;
  if (game.state.thinking) watchThinking();
  // while tricks are shown one by one, any render (the one after South's action too) shows the trick in view
  if (!shownTrick && replaying() && shownTricks > 0 && !game.state.variant) shownTrick = game.state.tricks[shownTricks - 1];
  document.querySelector("label[for=typed]").textContent = typingHint(game.state);
  for (const button of undoButtons()) button.hidden = Boolean(game.state.variant) || !game.state.practice;
  document.querySelector("header").classList.toggle("with-undo", !$("undo-top").hidden);  // (Menu's sign alone)
  if (!game.state.variant && game.state.board_index !== null) {  // the greyed list shows the board's own
    fileBoard = game.state.board_index;
    $("vul").value = game.state.vulnerability;
  }
  fileHeader();
  $("keyboard").hidden = game.state.phase === "over";  // no call nor card to type till the next deal
  renderHint();
  if (game.state.variant) { renderVariant(); return; }
  standardLayout();
  const s = replaying() ? asOfTrick(game.state, shownTricks) : game.state;
  for (const seat of SEATS) renderSeat(seat, s);
  renderInfo(s);
  renderAuction(s);
  const explainedYet = renderExplained(s);
  renderBiddingBox(s);
  renderLastTrickButton();
  renderCentre(s, shownTrick);
  renderConfirm(s);
  renderRecord(s);
  for (const button of undoButtons()) {
    button.disabled = !s.can_undo;
    button.title = s.why_no_undo || "Take back your last call or card";
  }
  // a dummy face up at West or East: on a phone its side of the table is made wider (below)
  document.body.dataset.sideDummy = s.phase === "play" && "WE".includes(s.dummy || "N") && s.hands[s.dummy]
    ? s.dummy : "";
  tableIntoView(s.phase);
  // (the box brought into view with the calls' meanings in place above it, not before they push it down)
  choiceInView($("bidding-box"), $("seat-S"), $("bidding-box").hidden || !explainedYet ? null
    : `${game.id} ${s.auction.length}`);
  handInView(s);
  document.body.dataset.replies = replies;
  document.body.dataset.ready = replay.length === 0 && replayTimer === null ? "yes" : "no";
  document.body.dataset.thinking = thinking ? "yes" : "no";
  tell(explainedStory(standardStory(s, replaying() ? shownTricks : s.tricks.length), s));
  document.body.dataset.explaining = explaining.size ? "yes" : "no";
  returnFocus(s, "#table");
}

/** Once South has called or played, the focus goes back to the bidding box's first legal call or the
 *  first card South may play at South's next turn, when it was lost meanwhile: the button pressed with
 *  Enter (a card, a call) is gone once the table is drawn again, the Play button hidden, and the focus
 *  fell to the page, where a keyboard had to Tab back through the header to the cards. ``table``: the
 *  table whose cards are South's (#table, a variant's #vtable). A focus elsewhere (the field to type a
 *  call or a card, the menu) is left where it is, and once the person has moved the focus themselves
 *  (below) it is not taken back to the box or the cards later, till South's next call or card. It is
 *  returned again at each drawing of the table in South's turn, not once: a trick gathered draws the hand
 *  anew, and the card given the focus is gone. */
function returnFocus(s, table) {
  const active = document.activeElement;  // (a button just hidden, Play, keeps it till the page is drawn)
  const lost = !active || active === document.body || !active.isConnected || active.getClientRects().length === 0;
  // the deal over, a focus lost with the last card (clicked or pressed) goes to the button of the next deal
  const next = s.phase === "over" && !replaying() ? document.querySelector("#next-board, #next-deal") : null;
  if (!lost || thinking || replaying() || (!next && (!focusToReturn || !s.your_turn))) return;
  const target = next || (!$("bidding-box").hidden ? $("bidding-box").querySelector("button:enabled")
    : document.querySelector(`${table} .card.playable`));
  returningFocus = true;
  if (target) target.focus({ preventScroll: true });
  returningFocus = false;
}

// The person moving the focus themselves (Tab, a click, a key that opens the field to type): where they put
// it is where it stays; a button of theirs later hidden (Next deal) does not send it to the box or the cards.
document.addEventListener("focusin", () => { if (!returningFocus) focusToReturn = false; });

// What a screen reader is told -------------------------------------------------------------------
// The standard table and the variants tell a deal the same way: each builds the deal's story (below) from
// its state, and `tell` says what of it was not said yet.

/** A deal passed out, as a screen reader is told it at every table (and as a variant's page shows it). */
const PASSED_OUT = "Passed out: no score.";

/** The seat that made call `i` of the auction. */
function callerOf(s, i) { return SEATS[(SEATS.indexOf(s.dealer) + i) % 4]; }

/** A contract as said, its double or redouble in words: "4 spades doubled", "2 nullo redoubled". */
function contractLabel(contract) {
  const penalty = { X: " doubled", XX: " redoubled" }[(contract.match(/X+$/) || [""])[0]] || "";
  return `${callLabel(contract.replace(/X+$/, ""))}${penalty}`;
}

/** The contract of state `s` with its declarer, as the Contract and the Result lines both say it: "4
 *  spades doubled by South". */
function contractWords(s) { return `${contractLabel(s.contract)} by ${SEAT_NAMES[s.declarer]}`; }

/** Each card of `plays` ({who, card}) with who played it: "West five of diamonds". */
function playedWords(plays) { return plays.map((p) => `${p.who} ${cardLabel(p.card)}`); }

/** A completed trick as said, its cards in order then its winner: "West five of diamonds, ...; East won." */
function trickWords(plays, winner) { return `${playedWords(plays).join(", ")}; ${winner} won.`; }

/** The cards of the trick in play, a line each, the lead marked: "West five of diamonds, led." */
function cardLines(plays) { return playedWords(plays).map((words, i) => `${words}${i === 0 ? ", led" : ""}.`); }

/** The cards of standard trick `trick` with the seats that played them, from its leader on. */
function seatPlays(trick) {
  const order = SEATS.indexOf(trick.leader);
  return trick.cards.map((card, i) => ({ who: SEAT_NAMES[SEATS[(order + i) % 4]], card }));
}

/** A standard trick gathered, as said in the log and by the Last trick button. */
function standardTrickWords(trick) { return trickWords(seatPlays(trick), SEAT_NAMES[trick.winner]); }

/** The story of the standard deal of state `s` with `shown` of its tricks in view (see `tell`). */
function standardStory(s, shown) {
  const vul = { None: "neither side", NS: "North-South", EW: "East-West", All: "both sides" }[s.vulnerability];
  const alerted = new Set(s.alerts || []);
  const current = shown === s.tricks.length && s.current_trick ? s.current_trick : null;
  return {
    id: game.id,
    dealt: `Dealt${s.board ? `: board ${s.board}` : ""}. ${SEAT_NAMES[s.dealer]} deals; ${vul || s.vulnerability} vulnerable.`,
    before: [],
    calls: s.auction.map((call, i) => `${SEAT_NAMES[callerOf(s, i)]}: ${callLabel(call)}${alerted.has(i) ? ", alerted" : ""}.`),
    after: [],
    contract: s.contract === null ? null
      : s.contract === "Pass" ? PASSED_OUT : `Contract: ${contractWords(s)}.`,
    tricks: Math.min(shown, s.tricks.length),
    trick: (k) => `Trick ${k + 1}: ${standardTrickWords(s.tricks[k])}`,
    current: current ? cardLines(seatPlays(current)) : [],
    over: s.phase === "over" && shown === s.tricks.length && !replaying(),
    result: s.contract === "Pass" || !s.score ? null : `Result: ${contractWords(s)}, ${tricksWord(s.score.tricks)}, `
      + `${resultWords(s.score)}. North-South ${signed(s.score.NS)}, East-West ${signed(s.score.EW)}.`,
  };
}

/** The story of the deal of state `s` as it stands, standard or a variant's. */
function storyOf(s) { return s.variant ? variantStory(s) : standardStory(s, s.tricks.length); }

/** Everything of `story` counted as told (a reloaded page, an undo: nothing of it is said again). */
function toldAlready(story) {
  return { id: story.id, before: story.before.length, calls: story.calls.length, after: story.after.length,
    tricks: story.tricks, cards: story.current.length, contract: story.contract !== null, over: story.over };
}

/** Tell a screen reader (the #announce log) what of `story` it was not told yet, in the order of the
 *  table: each choice made before the auction (a variant's discards, exchanges), each call with its player
 *  (and its alert), the contract, each choice made after the auction (a variant's dummy, reserves), each
 *  card with its player, each trick whole with its winner as it is shown, and at the end the result and the
 *  score. A story is `{id, dealt, before, calls, after, contract, tricks, trick, current, over, result}`:
 *  the deal's id and its first line, a line per choice before the auction, per call, per choice after it,
 *  the contract's line (null before it), the number of tricks completed and in view,
 *  `trick(k)` the line of completed trick k from 0 (null where the state no longer holds it), a line per
 *  card of the trick in play, whether the end is in view, and the result's line (null for none). */
function tell(story) {
  if (!told || told.id !== story.id) {
    told = { id: story.id, before: 0, calls: 0, after: 0, tricks: 0, cards: 0, contract: false, over: false };
    announce(story.dealt);
  }
  const lines = [...story.before.slice(told.before), ...story.calls.slice(told.calls)];
  told.before = Math.max(told.before, story.before.length);
  told.calls = Math.max(told.calls, story.calls.length);
  if (story.contract !== null && !told.contract) { lines.push(story.contract); told.contract = true; }
  lines.push(...story.after.slice(told.after));
  told.after = Math.max(told.after, story.after.length);
  for (let k = told.tricks; k < story.tricks; k++) lines.push(story.trick(k));
  if (story.tricks > told.tricks) { told.tricks = story.tricks; told.cards = 0; }
  lines.push(...story.current.slice(told.cards));
  told.cards = Math.max(told.cards, story.current.length);
  if (story.over && !told.over) {
    told.over = true;
    lines.push(story.result);
  }
  const said = lines.filter((line) => line !== null);
  if (said.length) announce(said.join(" "));
}

/** When the phase changes (the play after the auction, a new deal after the record), the table comes back
 *  into view if the page is scrolled below its top: on a phone the panels are under the table, and the
 *  page stayed at the bidding box or the record, with the cards to choose from (dummy's, your new hand)
 *  off the screen. The end of a deal does not move the page: the record follows the table. */
function tableIntoView(phase) {
  const before = document.body.dataset.phase;
  // the layout of the new phase, before measuring it: measured in the auction's, with the header's line
  // of the contract not yet there, the page stopped 20-26 px short, North's name tag under the header
  document.body.dataset.phase = phase;
  if (before === undefined || before === phase || phase === "over") return;
  const table = $(game.state.variant ? "vtable" : "table");
  const top = table.getBoundingClientRect().top - ceiling();
  if (top < 0) window.scrollBy(0, top);
}

let choiceShown = null;  // the turn for which the box to act with was last brought into view

/** Whether the panels sit beside the table (the page's main grid has two columns), read from the layout
 *  itself so that the stylesheet's breakpoint (900 px) is written in one place: at 601-900 px (a tablet
 *  held upright) the panels are under the table although the header is not kept at the top. */
function panelsBeside() {
  return getComputedStyle(document.querySelector("main")).gridTemplateColumns.trim().split(/\s+/).length > 1;
}

/** When it is the person's turn to act, `box` (the bidding box, or the bar of a choice of cards kept at
 *  the foot of a phone's screen) and the person's `hand` above it are brought into view together: on a
 *  phone the panels are under the table, and the bidding box was some 900 px down on first load. Once a
 *  turn (`key`, null when there is nothing to do), so that the page can be scrolled away from them; where
 *  both are in view already the page does not move. On a wide screen (the panels beside the table, the
 *  main grid of two columns) it does not move either while the box's top is in view: the box is found,
 *  and scrolling to its foot would take the header and its Game menu out of view (Chinese bridge's
 *  thirteen levels end some 890 px down, below a laptop's window, and the page opened 80 px down). */
function choiceInView(box, hand, key) {
  if (key === choiceShown) return;
  choiceShown = key;
  if (key === null) return;
  // the panels kept in view beside the table (a phone held sideways): the box is in view, the hand is
  // brought into view alone (a variant's table is taller than the screen, your hand below its foot)
  if (getComputedStyle($("side")).position === "sticky") { intoViewByLeast(hand); return; }
  const fixed = getComputedStyle(box).position === "fixed";
  const foot = fixed ? box.getBoundingClientRect().top : innerHeight;  // what is above a bar is in view
  const beside = panelsBeside();
  const boxTop = box.getBoundingClientRect().top;
  if (beside && !fixed && boxTop >= 0 && boxTop < foot) return;
  const bottom = (fixed ? hand : box).getBoundingClientRect().bottom;
  const top = hand.getBoundingClientRect().top - ceiling();  // (under a header kept at the top is out of view)
  if (bottom > foot) window.scrollBy(0, bottom - foot + 8);
  else if (top < 0) window.scrollBy(0, Math.max(top - 8, bottom - foot + 8));
}

let handShown = null;  // the turn for which the hand to play from was last brought into view

/** In the play, at each of your turns, the hand you play from (yours, or dummy's when you declare) is
 *  brought wholly into view by the least scroll, once a turn (so that the page can be scrolled away from
 *  it): on a phone held sideways dummy's cards and yours are not on one screen, and the page stayed where
 *  it was, the hand to play from off it (22 of 26 choices at 740x375). Where it is in view the page does
 *  not move. */
function handInView(s) {
  const key = s.phase === "play" && s.your_turn && !thinking && !replaying() && s.turn
    ? `${game.id} ${s.tricks.length} ${s.current_trick ? s.current_trick.cards.length : 0}` : null;
  if (key === handShown) return;
  handShown = key;
  if (key !== null) intoViewByLeast($("seat-" + s.turn));
}

function standardLayout() {
  // back from a variant: the four seats, the W N E S auction, no phase controls nor score sheet
  if (!document.body.classList.contains("variant")) return;
  document.body.classList.remove("variant");
  $("table").hidden = false;
  $("vtable").hidden = true;
  $("controls").hidden = true;
  $("sheet").hidden = true;
  $("how-to-play").hidden = true;
  $("controls").classList.remove("choosing");
  $("auction").tHead.replaceChildren(el("tr", {}, ...["W", "N", "E", "S"].map((x) =>
    el("th", { abbr: SEAT_NAMES[x], "aria-label": SEAT_NAMES[x] }, x))));
  delete document.body.dataset.rubber;
}

// On load: the table's settings, then the first deal --------------------------------------------
// Once every script of the page has run (DOMContentLoaded): variant.js, which draws a variant's table, comes
// after this one, and on a busy machine the answers to these requests came first, the page stopping at
// "renderVariant is not defined" with no table.
document.addEventListener("DOMContentLoaded", async () => {
  const unread = [];  // the address's settings the table cannot take: the deal is dealt without them
  const elsewhere = [];  // how to start the game the address asked for where another table plays it
  // off unless the address says so (not as the browser kept it from before a reload)
  $("explain").checked = params.has("explain") && params.get("explain") !== "0";
  try {
    tableInfo = await api("GET", "/api/table");
    $("confirm").checked = tableInfo.confirm;
    // a call confirmed where a finger makes it (a touch screen), not where a mouse does
    $("confirm-calls").checked = tableInfo.confirm && matchMedia("(pointer: coarse)").matches;
    if (tableInfo.variants) {
      $("variant").replaceChildren(...tableInfo.variants.map((v) => el("option", { value: v }, VARIANT_TITLES[v] || v)));
      const asked = params.get("variant");
      const known = asked !== null && tableInfo.variants.includes(asked);
      if (asked !== null && !known && Object.hasOwn(VARIANT_TITLES, asked)) {  // a game, but another table's
        const command = asked === "standard" ? "bridgetools play" : `bridgetools play --variant ${asked}`;
        const here = tableInfo.variants.map((v) => VARIANT_TITLES[v] || v).join(", ");
        unread.push(`variant=${asked} is not played at this table (it plays ${here})`);
        elsewhere.push(`To play ${VARIANT_TITLES[asked].replace(/ \(\d\)$/, "")}, start a table of its own: ${command}`);
      } else if (asked !== null && !known) {
        unread.push(`variant=${asked} is not a game (${tableInfo.variants.join(", ")})`);
      }
      $("variant").value = known ? asked : tableInfo.variant;
      chosenGameHeader();
    }
    if (params.has("confirm")) $("confirm").checked = params.get("confirm") !== "0";
    if (params.has("confirm_calls")) $("confirm-calls").checked = params.get("confirm_calls") !== "0";
  } catch (e) { say(e.message); }
  // the address's seed fills the Seed box before a game is resumed too, so that New deal after a reload
  // deals the address's deal again, as it did before
  const options = {};
  if (params.has("seed") && seedOf(params.get("seed")) !== null) {
    options.seed = seedOf(params.get("seed"));
    $("seed").value = params.get("seed");
  } else if (params.has("seed")) unread.push(`seed=${seedRefused(params.get("seed"))}`);
  if (location.hash.length > 1 && await resumeGame(decodeURIComponent(location.hash.slice(1)))) return;
  if (!tableInfo.boards && params.has("board")) {
    unread.push(`board=${params.get("board")} names a board of a file, and this table plays none`);
  }
  if (tableInfo.boards) await newGame({ board: fileBoardAsked(unread) });
  else if ($("variant").value !== "standard") await newGame({ variant: $("variant").value, ...options });
  else {
    const vul = params.get("vul");
    if (vul !== null && [...$("vul").options].some((o) => o.value === vul)) $("vul").value = vul;
    else if (vul !== null) unread.push(`vul=${vul} is not None, NS, EW or All`);
    await newGame({ vulnerability: $("vul").value, ...options });
  }
  const notes = lostBefore ? [`${LOST} This is a new deal.`] : [];
  if (unread.length) {
    notes.push(`In the address, ${unread.join("; ")}: the deal is dealt without ${unread.length > 1 ? "them" : "it"}.`
      + elsewhere.map((how) => ` ${how}`).join(""));
  }
  if (notes.length && !$("message").textContent) say(notes.join(" "));
});

// Confirm each call unticked with a call chosen: the call is dropped (as its Play button goes), not made
$("confirm-calls").addEventListener("change", () => { if (chosenCall) { chosenCall = null; render(); } });
// Explain each call ticked: the calls since yours explained under the auction (asked for, where they were
// not); unticked, the list goes. Calls told already are not told again.
$("explain").addEventListener("change", () => render());
