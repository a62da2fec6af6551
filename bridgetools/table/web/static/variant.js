"use strict";
// The table page for the variants (Booby, Nullo, Sholem, Chinese bridge, Bridge for two): renders any
// variant's state from its generic parts (players, hands, table piles, the trick, the auction, the controls
// of the phase, the rubber's score sheet) and sends the person's actions. Uses the helpers of table.js.

let chosenSet = new Set();   // the cards picked for a discard, exchange or reserve

function parseAction(text) {
  // "call:1S", "card:SA", "discard:SA,HK,D2,C3", "exchange:", "choose_dummy:open"
  const at = text.indexOf(":");
  return { kind: text.slice(0, at), value: text.slice(at + 1) };
}

function legalOf(s, kind) {
  return s.legal.map(parseAction).filter((a) => a.kind === kind).map((a) => a.value);
}

function playerName(s, index) {
  const p = s.players.find((q) => q.index === index);
  if (index === s.you) return p && p.name && p.name !== "You" ? `${p.name} (you)` : "You";
  return p ? p.name : `Player ${index + 1}`;
}

function vCallNode(call) {
  const m = /^(\d+)(C|D|H|S|NT|N0)(X*)$/.exec(call);
  if (!m) return document.createTextNode(call === "P" ? "Pass" : CALL_SHOWN[call] || call);
  const span = el("span", { role: "img", "aria-label": contractLabel(call) }, m[1]);
  if (m[2] === "NT") span.append("NT");
  else if (m[2] === "N0") span.append(el("span", { class: "nullo" }, "nullo"));
  else span.append(el("span", { class: m[2] === "H" || m[2] === "D" ? "red-suit" : "" }, SYMBOL[m[2]]));
  if (m[3]) span.append(m[3]);
  return span;
}

// Sending ----------------------------------------------------------------------------------------
async function vsend(path, body) {
  await sendOnce(path, body, (answer) => {
    game = answer;
    replies += 1;
    selected = null;
    chosenSet = new Set();
    render();
  }, () => { chosenSet = new Set(); });
}

function vchooseCard(card) {
  const s = game.state;
  if (s.choose) {  // picking a set of cards
    if (chosenSet.has(card)) chosenSet.delete(card); else chosenSet.add(card);
    render();
    return;
  }
  if (!legalOf(s, "card").includes(card)) return;
  if (!confirming() || selected === card) { vsend("card", { card }); return; }
  selected = card;
  render();
  focusPlayButton();
}

// Rendering --------------------------------------------------------------------------------------
/** A hand that is not a player's own as the page names it: `reserve`, `booby`, `open dummy` (the engine's
 *  `reserve of player 2` numbers the players, which the page names: You, Computer). */
function handLabel(hand) { return hand.label.replace(/ of player \d+$/, ""); }

/** What a Sholem reserve not yet set aside will hold, said in place of "0 cards" or "empty": each player
 *  sets 3 of their 16 cards aside once the auction is over, for the tricks after the hands'. */
const RESERVE_TO_COME = "set aside before the play";
function reserveToCome(s, hand) {
  return handLabel(hand) === "reserve" && hand.count === 0 && s.phase !== "play" && s.phase !== "over";
}

function handBox(s, hand, legalCards, away = false) {
  const mine = hand.owner === s.you && !away;  // (a dummy of yours sits away from you, opposite)
  const picking = s.choose && hand.owner === s.you && hand.cards && hand.cards.some((c) => s.choose.cards.includes(c));
  const box = el("div", { class: "vhand" + (mine ? " mine" : "") + (s.to_act === hand.owner && s.phase !== "over" ? " to-act" : ""),
    "data-hand": `${hand.id}`, role: "group", "aria-label": `${hand.label}${hand.cards ? "" : `, ${hand.count} cards hidden`}` });
  const own = hand.id < s.players.length;  // a player's own hand: named for the player
  const owner = hand.owner === null || hand.owner === undefined ? "" : playerName(s, hand.owner);
  const label = own ? owner : handLabel(hand);
  const role = own ? (s.players[hand.id].role || "") : hand.owner === s.you ? "yours" : owner ? `${owner}'s` : "";
  // (the vulnerability the deal is played at: once it is over the rubber's is the next deal's)
  const vul = own && Boolean((s.vulnerable || [])[hand.id]);
  // (a space before each tag after the name, where a narrow tag may break: "You" over "declarer vul")
  const tags = [role ? el("span", { class: "role" }, role) : null,
    vul ? el("span", { class: "role vul-yes", title: "vulnerable" }, "vul") : null,
    s.dealer === hand.id && own ? el("span", { class: "role" }, "dealer") : null].filter((tag) => tag !== null);
  box.append(el("div", { class: "name" }, label, ...tags.flatMap((tag) => [" ", tag])));
  // (the cards of a face-down hand you put there, your discards to the booby, are face up to you alone)
  const known = hand.cards ? [] : hand.known || [];
  const hidden = hand.count - known.length;
  box.setAttribute("aria-label", `${label}${role ? ", " + role : ""}${hand.cards ? ""
    : known.length ? `, ${hand.count} cards: the ${known.length} you gave and ${hidden} hidden` : `, ${hand.count} cards hidden`}`);
  if (reserveToCome(s, hand)) {
    box.setAttribute("aria-label", `${label}${role ? ", " + role : ""}, ${RESERVE_TO_COME}`);
    box.append(el("div", { class: "count" }, RESERVE_TO_COME));
    return box;
  }
  if (!hand.cards) {
    const backs = el("div", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < hidden; i++) backs.append(el("div", { class: "card back" }));
    box.append(known.length ? el("div", { class: "known-row" },
      el("div", { class: "hand known", title: "the cards you gave, face down to the others" },
        ...sortCards(known).map((c) => cardNode(c, { small: true }))), backs) : backs,
    el("div", { class: "count" }, `${hand.count} card${hand.count === 1 ? "" : "s"}`
      + (known.length ? `, ${known.length} of them yours` : "")));
    return box;
  }
  const row = el("div", { class: "hand" + (legalCards.size || picking ? " active" : "") + (picking ? " picking" : "") });
  for (const c of sortCards(hand.cards)) {
    const playable = legalCards.has(c) || Boolean(picking);
    row.append(playable ? vCardButton(c, !mine, picking && chosenSet.has(c)) : cardNode(c, { small: !mine }));
  }
  if (!hand.cards.length) row.append(el("span", { class: "empty" }, s.phase === "play" || s.phase === "over" ? "no cards left" : "empty"));
  box.append(row);
  return box;
}

function vCardButton(card, small, picked) {
  const node = cardNode(card, { small });
  const button = el("button", { type: "button", class: node.className + " playable" + (picked || selected === card ? " selected" : ""),
    "data-card": card, "aria-label": cardLabel(card) + (picked ? ", chosen" : ", playable"), "aria-pressed": picked ? "true" : false,
    onclick: () => vchooseCard(card) });
  button.append(...node.childNodes);
  return button;
}

function pilesBox(s, table, legalCards) {
  const box = el("div", { class: "vpiles" + (table.owner === s.you ? " mine" : ""), role: "group",
    "aria-label": `${playerName(s, table.owner)}'s cards on the table` });
  box.append(el("div", { class: "name" }, `${playerName(s, table.owner)}: on the table`));
  const row = el("div", { class: "piles" + (legalCards.size ? " active" : "") });
  for (const pile of table.piles) {
    const p = el("div", { class: "pile" });
    if (pile.up) p.append(legalCards.has(pile.up) ? vCardButton(pile.up, true, false) : cardNode(pile.up, { small: true }));
    else if (pile.down) p.append(el("div", { class: "card back small-back", role: "img", "aria-label": "a face-down card" }));
    else p.append(el("div", { class: "card gone", "aria-hidden": "true" }));
    if (pile.down) p.append(el("span", { class: "under", title: "face-down cards under it" }, `+${pile.down}`));
    row.append(p);
  }
  box.append(row);
  return box;
}

function trickBox(s) {
  const centre = el("div", { id: "v-trick", role: "group", "aria-label": "The trick" });
  let cards = s.trick || [];
  let caption = "";
  if (!cards.length && s.last_trick && s.last_trick.length) {
    cards = s.last_trick;
    caption = "Last trick" + (s.last_winner !== undefined && s.last_winner !== null ? `, won by ${playerName(s, s.last_winner)}` : "");
  }
  const row = el("div", { class: "trick-row" + (caption ? " last" : "") });
  for (const t of cards) {
    const from = playedBy(s, t);
    row.append(el("div", { class: "slot", role: "img", "aria-label": `${from} played ${cardLabel(t.card)}` },
      cardNode(t.card), el("div", { class: "who" }, from)));
  }
  if (cards.length) centre.append(row);
  if (caption) centre.append(el("div", { class: "caption" }, caption));
  else if (!cards.length) centre.append(el("div", { class: "caption" }, centreText(s)));
  return centre;
}

/** Who played card `t` of a trick, as the trick shows it and a screen reader says it: `You`, `Left:
 *  booby` (a hand not the player's own), `Computer (table)` (a Chinese table card). */
function playedBy(s, t) {
  if (t.hand === null || t.hand === undefined) return `${playerName(s, t.player)} (table)`;
  if (t.hand < s.players.length) return playerName(s, t.player);
  return `${playerName(s, t.player)}: ${handLabel(s.hands.find((h) => h.id === t.hand))}`;
}

function centreText(s) {
  if (s.phase === "over") return s.contract ? "The deal is over" : "Passed out";
  if (!s.your_turn) return `${playerName(s, s.to_act)} to act…`;
  return { discard: "Give cards to the booby", exchange: "Exchange with the stock", bidding: "Your call",
    choose_dummy: "Choose your dummy", reserve: "Set aside your reserve", play: "Your card" }[s.phase] || "Your turn";
}

function renderVariantTable(s) {
  const legalCards = new Set(s.your_turn ? legalOf(s, "card") : []);
  const top = el("div", { class: "zone top" });
  const bottom = el("div", { class: "zone bottom" });
  for (const table of s.deal ? [] : s.table_cards || []) (table.owner === s.you ? bottom : top).append(pilesBox(s, table, legalCards));
  // (once a played deal is over, each hand as the play began, as standard bridge shows the deal)
  const hands = s.deal ? s.hands.map((h) => (s.deal[h.id] ? { ...h, cards: s.deal[h.id] } : h)) : s.hands;
  // once the play begins, the hands the far side of the table in the seats they sit in, clockwise from
  // your left (`seats`): a dummy opposite its declarer, yours too (Booby's booby was drawn under your hand)
  const seats = s.seats || [];
  const at = seats.indexOf(s.you);
  const seated = at < 0 ? [] : [...seats.slice(at + 1), ...seats.slice(0, at)];
  const byId = (id) => hands.find((h) => h.id === id);
  const theirs = [...seated.map(byId), ...hands.filter((h) => h.owner !== s.you && !seated.includes(h.id))];
  const yours = hands.filter((h) => h.owner === s.you && !seated.includes(h.id));
  const topHands = el("div", { class: "hands" + (seated.length > 2 ? " seated" : "") },
    ...theirs.map((h) => handBox(s, h, legalCards, seated.includes(h.id))));
  top.prepend(topHands);
  bottom.append(el("div", { class: "hands" }, ...yours.map((h) => handBox(s, h, legalCards))));
  $("vtable").replaceChildren(top, trickBox(s), bottom);
}

function renderVariantInfo(s) {
  // (a node for the panel, another for the header's summary)
  const contract = () => s.contract ? el("span", {}, vCallNode(s.contract), ` by ${playerName(s, s.declarer)}`) : notYet("no contract yet");
  // (a function: a node goes in one place, and the panel and the summary both show the tricks)
  const won = () => dotted(s.players.map((p) => `${playerName(s, p.index)} ${s.tricks_won[p.index] ?? 0}`));
  const dl = el("dl", {},
    el("dt", {}, "Game"), el("dd", { id: "variant-title" }, s.title),
    el("dt", {}, "Deal"), el("dd", { id: "deal-number" }, `${s.deal_number}`),
    el("dt", {}, "Dealer"), el("dd", {}, playerName(s, s.dealer)),
    el("dt", {}, "Contract"), el("dd", { id: "contract" }, contract()),
    el("dt", {}, "Tricks"), el("dd", { id: "tricks-won" }, ...won()));
  renderInfoPanel(dl, vStatus(s));
  // on a phone's header, two lines at most as in standard bridge: the game and the dealer until there is a
  // contract, then the contract and the tricks (a longer game's name and three players' tricks took three)
  renderSummary(s.contract ? [`Deal ${s.deal_number}`, contract(), s.phase === "play" || s.phase === "over"
    ? el("span", {}, "Tricks ", ...won()) : null]
    : [s.title.replace(/ \(.*\)$/, ""), `Deal ${s.deal_number}`, `Dealer ${playerName(s, s.dealer)}`]);
}

function vStatus(s) {
  if (s.thinking) return "The computer players are thinking…";
  if (s.phase === "over") return s.rubber_over ? "The rubber is over." : "The deal is over: the next deal is ready.";
  if (!s.your_turn) return `${playerName(s, s.to_act)} to act…`;
  const c = s.choose;
  if (s.phase === "bidding") return `Your call${s.rounds > 1 ? ` (round ${s.round} of ${s.rounds})` : ""}: choose from the bidding box or type it.`;
  if (s.phase === "play") return "Your turn: choose a card.";
  if (s.phase === "choose_dummy") return "Choose the dummy that sits opposite you.";
  if (c && c.kind === "discard") return `Choose ${c.min} cards to give to the booby.`;
  if (c && c.kind === "reserve") return `Choose ${c.min} cards for your reserve; the rest is your hand.`;
  if (c && c.kind === "exchange") return "Choose the cards to exchange with the stock (none keeps your hand).";
  return "Your turn.";
}

function renderVariantAuction(s) {
  const n = s.players.length;
  const head = $("auction").tHead;
  head.replaceChildren(el("tr", {}, ...s.players.map((p) => el("th", {}, p.index === s.you ? "You" : `${playerName(s, p.index)}`))));
  const body = $("auction").tBodies[0];
  body.replaceChildren();
  const rounds = s.auction_rounds || [];
  let cells = Array(s.auction.length ? s.auction[0].player : s.dealer).fill(null);
  // the row where each round of Sholem's auction starts, the first too (round 2 and 3 were named, not 1)
  const marks = s.rounds > 1 ? { 0: rounds.length ? rounds[0] : s.round } : {};
  s.auction.forEach((a, i) => {
    if (i > 0 && rounds[i] !== rounds[i - 1]) {
      while (cells.length % n) cells.push(null);
      marks[cells.length / n] = rounds[i];
      for (let k = 0; k < a.player; k++) cells.push(null);
    }
    cells.push(a.call);
  });
  if (s.phase === "bidding" && rounds.length && s.round !== rounds[rounds.length - 1]) {
    while (cells.length % n) cells.push(null);
    marks[cells.length / n] = s.round;
    for (let k = 0; k < s.to_act; k++) cells.push(null);
  }
  if (s.phase === "bidding") cells.push(s.your_turn ? "?" : "…");
  for (let r = 0; r < cells.length; r += n) {
    if (marks[r / n]) body.append(el("tr", { class: "round" }, el("td", { colspan: n }, `Round ${marks[r / n]}`)));
    const row = el("tr");
    for (let c = 0; c < n; c++) {
      const cell = cells[r + c];
      row.append(el("td", {}, cell === null || cell === undefined ? "" : cell === "?" || cell === "…" ? turnMark(cell) : vCallNode(cell)));
    }
    body.append(row);
  }
}

function renderVariantBiddingBox(s) {
  const box = $("bidding-box");
  const open = s.phase === "bidding" && s.your_turn;
  box.hidden = !open;
  if (!open) return;
  const legal = new Set(legalOf(s, "call"));
  const levels = Math.max(7, ...[...legal].map((c) => parseInt(c, 10)).filter((x) => !isNaN(x)));
  const buttons = biddingBoxButtons({ strains: s.strains, levels, legal, pass: "P", label: callLabel,
    node: vCallNode, onCall: (call) => vsend("call", { call }), skipOutOfReach: true });  // no room for levels out of reach
  box.replaceChildren(el("h2", {}, "Your call"), ...buttons);
  box.classList.toggle("long", levels > 7);  // (on a phone its rows are lower: the hand stays in view)
}

function renderVariantControls(s) {
  const box = $("controls");
  box.replaceChildren();
  box.hidden = true;
  // a choice (cards to give, exchange or set aside; the dummy) is made from a bar that a phone's page puts
  // straight under the table, next to the hand, instead of a panel far down the page
  const choosing = s.your_turn && (Boolean(s.choose) || s.phase === "choose_dummy");
  box.classList.toggle("choosing", choosing);
  if (s.your_turn && s.choose) {
    const c = s.choose;
    const ok = chosenSet.size >= c.min && chosenSet.size <= c.max;
    const verb = { discard: "Give to the booby", exchange: "Exchange", reserve: "Set aside" }[c.kind];
    const need = c.kind === "exchange" ? `${chosenSet.size} chosen (at most ${c.max})` : `${chosenSet.size} of ${c.min} chosen`;
    box.append(...[el("h2", {}, { discard: "Cards for the booby", exchange: "Exchange with the stock", reserve: "Your reserve" }[c.kind]),
      el("p", {}, vStatus(s)),
      el("p", { class: "chosen" }, need, chosenSet.size ? ": " : "", ...sortCards([...chosenSet]).map((x) =>
        el("span", { class: "played" }, cardShown(x)))),
      el("button", { type: "button", id: "action-button", disabled: !ok,
        onclick: () => vsend("action", { kind: c.kind, value: sortCards([...chosenSet]) }) },
        c.kind === "exchange" && chosenSet.size === 0 ? "Keep my hand" : verb),
      chosenSet.size ? el("button", { type: "button", id: "clear-button", onclick: () => { chosenSet = new Set(); render(); } }, "Clear") : null]
      .filter(Boolean));
    box.hidden = false;
  } else if (s.your_turn && s.phase === "choose_dummy") {
    box.append(el("h2", {}, "Your dummy"), el("p", {}, vStatus(s)),
      ...legalOf(s, "choose_dummy").map((v) => el("button", { type: "button", "data-choice": v,
        onclick: () => vsend("action", { kind: "choose_dummy", value: v }) },
        v === "open" ? "The open dummy" : "The closed dummy")));
    box.hidden = false;
  } else if (s.phase === "over") {
    const r = s.result;
    box.append(...[el("h2", {}, "The deal is over"), el("p", { id: "result" }, resultText(s, r)), entriesList(s)]
      .filter(Boolean));
    if (s.rubber_over) {
      box.append(el("p", { class: "total", id: "rubber-result" }, "The rubber is over."),
        el("button", { type: "button", id: "new-rubber", onclick: () => $("new-game").requestSubmit() }, "New rubber"));
    } else {
      box.append(el("button", { type: "button", id: "next-deal", onclick: () => vsend("next", {}) }, "Next deal"));
    }
    box.append(el("a", { id: "download", href: `/api/games/${game.id}/record`, download: `${s.variant}-rubber.json` },
      "Download the record (JSON)"));
    box.hidden = false;
  }
}

function resultText(s, r) {
  if (!r || r.contract === null || r.contract === undefined) return PASSED_OUT;
  return el("span", {}, vCallNode(r.contract), ` by ${playerName(s, r.declarer)}: ${tricksWord(r.tricks)}.`);
}

/** The score entries of the deal of state `s`: its result's, and the rubber bonus when this deal ended the
 *  rubber (booked by the rubber, not the deal: without it the sheet's total had points that no entry of
 *  the deal explained). The deal's list on the page and the screen reader's Result line both list these. */
function dealEntries(s) {
  const r = s.result;
  const bonus = s.rubber_over && s.rubber ? s.rubber.players.flatMap((c) =>
    c.above.filter((e) => e.item === "rubber").map((e) => ({ ...e, player: c.index }))) : [];
  return [...(r && r.entries ? r.entries : []), ...bonus];
}

/** The list of the deal's score entries (`dealEntries`) on the page, or nothing when it has none. */
function entriesList(s) {
  const entries = dealEntries(s);
  if (!entries.length) return null;
  return el("ul", { id: "deal-score" }, ...entries.map((e) => el("li", {}, ...entryParts(s, e, vCallNode))));
}

/** A score entry's item for a contract made (`5CX made`): its group 1 is the contract. */
const MADE = /^(\d+(?:C|D|H|S|NT|N0)X*) made$/;

/** Score entry `e` as a player reads it, in parts, a contract made written by `contract`: on the page
 *  `Left: 100 below the line, 5♣ made` (`vCallNode`), to a screen reader `... 5 clubs made`
 *  (`contractLabel`); the rubber's bonus with the games won, `Left: 700 above the line, the rubber bonus
 *  (2-0)`; any other item as the scorer names it (`2 overtricks`). */
function entryParts(s, e, contract) {
  const made = MADE.exec(e.item);
  const games = s.rubber ? s.rubber.players.map((c) => c.games).sort((a, b) => b - a) : [];
  return [`${playerName(s, e.player)}: ${e.points} ${e.line} the line, `,
    ...(made ? [contract(made[1]), " made"]
      : e.item === "rubber" ? [`the rubber bonus (${games[0]}-${games[1]})`] : [e.item])];
}

/** The end of the rubber as the score sheet says it and a screen reader is told it: "The rubber is over:
 *  You win, 1400 to 200." */
function rubberOverWords(s) {
  const ranked = [...s.rubber.players].sort((a, b) => b.total - a.total);
  const winner = ranked[0].index === s.you ? "You win" : `${ranked[0].name} wins`;
  return `The rubber is over: ${winner}, ${ranked.map((c) => c.total).join(" to ")}.`;
}

// What a screen reader is told (`tell` in table.js) --------------------------------------------------
/** The choices made before the auction (Booby's discards, Nullo's exchanges): the others after it. */
const CHOSEN_BEFORE_THE_AUCTION = ["discard", "exchange"];

/** A choice of state `s` beside the calls and cards (`choices`), as a screen reader is told it, in the
 *  words of the calls' lines: "Left: 4 cards to the booby.", your own by the cards ("You: ace of spades,
 *  ... to the booby."), "Computer: 3 cards exchanged with the stock." ("no exchange" for none), your own
 *  with the cards drawn ("You: two of clubs exchanged with the stock; drawn: ace of spades."), "You: ace
 *  of spades, ... set aside as the reserve.", "Computer: the open dummy; You take the closed one." */
function choiceWords(s, c) {
  const who = playerName(s, c.player);
  if (c.kind === "choose_dummy") {
    const other = s.players.find((p) => p.index !== c.player);
    const left = c.value === "open" ? "closed" : "open";
    const takes = other && other.index === s.you ? "take" : "takes";
    return `${who}: the ${c.value} dummy; ${other ? playerName(s, other.index) : "the other"} ${takes} the ${left} one.`;
  }
  if (c.kind === "exchange" && c.count === 0) return `${who}: no exchange, the hand kept.`;
  const cards = c.cards ? sortCards(c.cards).map(cardLabel).join(", ") : `${c.count} card${c.count === 1 ? "" : "s"}`;
  const where = { discard: "to the booby", exchange: "exchanged with the stock",
    reserve: "set aside as the reserve" }[c.kind] || c.kind;
  const drawn = c.drawn ? `; drawn: ${sortCards(c.drawn).map(cardLabel).join(", ")}` : "";
  return `${who}: ${cards} ${where}${drawn}.`;
}

/** The story of the variant's deal of state `s` (see `tell`): the choices made before the auction
 *  (`choiceWords`), its calls (each new round of Sholem's auction named), the contract, the choices made
 *  after it, the cards with who played each, the tricks with their winners, and the
 *  result with the deal's score entries. The state holds the trick in play and the last one completed;
 *  each trick holds a card of the person's, so no more than one is completed between two of their turns. */
function variantStory(s) {
  const rounds = s.auction_rounds || [];
  const done = s.tricks_won.reduce((sum, n) => sum + n, 0);
  const r = s.result;
  const entries = dealEntries(s).map((e) => `${entryParts(s, e, contractLabel).join("")}.`);
  const plays = (trick) => trick.map((t) => ({ who: playedBy(s, t), card: t.card }));
  const choices = s.choices || [];
  return {
    id: `${game.id}/${s.deal_number}`,
    dealt: `Dealt: ${s.title}, deal ${s.deal_number}; ${playerName(s, s.dealer)} ${s.dealer === s.you ? "deal" : "deals"}.`,
    before: choices.filter((c) => CHOSEN_BEFORE_THE_AUCTION.includes(c.kind)).map((c) => choiceWords(s, c)),
    calls: s.auction.map((a, i) => `${i > 0 && rounds[i] !== rounds[i - 1] ? `Round ${rounds[i]}. ` : ""}`
      + `${playerName(s, a.player)}: ${callLabel(a.call)}.`),
    after: choices.filter((c) => !CHOSEN_BEFORE_THE_AUCTION.includes(c.kind)).map((c) => choiceWords(s, c)),
    // (told once the auction is over: the contract Sholem's earlier round left may yet be overcalled)
    contract: s.contract && s.phase !== "bidding" ? `Contract: ${contractLabel(s.contract)} by ${playerName(s, s.declarer)}.`
      : s.phase === "over" ? PASSED_OUT : null,
    tricks: done,
    trick: (k) => k === done - 1 && s.last_trick.length
      ? `Trick ${k + 1}: ${trickWords(plays(s.last_trick), playerName(s, s.last_winner))}` : null,
    current: cardLines(plays(s.trick)),
    over: s.phase === "over",
    result: !r || !r.contract ? null : [`Result: ${contractLabel(r.contract)} by ${playerName(s, r.declarer)}, `
      + `${tricksWord(r.tricks)}.`, ...entries,
      ...(s.rubber_over && s.rubber ? [rubberOverWords(s)] : [])].join(" "),
  };
}

/** The "How to play" panel: the variant's rules in short (the server's `how_to_play`, the text
 *  docs/variants.md quotes), folded until opened; filled again only for another variant, so that it stays
 *  open or closed as the player left it from one action to the next. */
function renderHowToPlay(s) {
  const box = $("how-to-play");
  box.hidden = !s.how_to_play;
  if (!s.how_to_play || box.dataset.variant === s.variant) return;
  box.dataset.variant = s.variant;
  box.open = false;
  box.replaceChildren(el("summary", {}, `How to play ${s.title.replace(/ \(.*\)$/, "")}`),
    el("ul", {}, ...s.how_to_play.map((line) => el("li", {}, line))));
}

/** A score sheet entry's label, in parts: its deal and what it is for, `24: 1♣ made` (the trick points),
 *  `24: 2 overtricks`, `24: honours`, `24: 2 undertricks` (2 down), `24: rubber bonus`. */
function sheetLabel(s, e) {
  const made = MADE.exec(e.item);
  const down = /^(\d+) down$/.exec(e.item);
  const what = made ? [vCallNode(made[1]), " made"] : e.item === "rubber" ? ["rubber bonus"]
    : down ? [`${down[1]} undertrick${down[1] === "1" ? "" : "s"}`] : [e.item];
  return [e.deal ? `${e.deal}: ` : "", ...what];
}

function renderSheet(s) {
  const sheet = s.rubber;
  const box = $("sheet");
  box.hidden = !sheet;
  if (!sheet) return;
  const cols = sheet.players;
  const table = el("table", { id: "sheet-table" });
  table.append(el("thead", {}, el("tr", {}, el("th", {}, ""), ...cols.map((c) => el("th", {},
    c.index === s.you ? "You" : c.name, c.vulnerable ? el("span", { class: "vul-yes", title: "vulnerable" }, " vul") : "")))));
  const body = el("tbody");
  const width = cols.length + 1;
  // each entry labelled on its row as the rubber sheet of standard bridge writes it, `24: 4 overtricks`, the
  // points in the column of the player who scored them (Booby's two defenders each score a penalty: one row)
  const rows = (lists, cls) => {
    const keyed = new Map();
    cols.forEach((c, i) => (lists(c) || []).forEach((e) => {
      const key = `${e.deal} ${e.item}`;
      if (!keyed.has(key)) keyed.set(key, { e, points: Array(cols.length).fill(null) });
      keyed.get(key).points[i] = (keyed.get(key).points[i] || 0) + e.points;
    }));
    return [...keyed.values()].sort((a, b) => a.e.deal - b.e.deal).map(({ e, points }) => el("tr", { class: cls },
      el("th", { class: "what", scope: "row" }, ...sheetLabel(s, e)),
      ...points.map((p) => el("td", {}, p === null ? "" : `${p}`))));
  };
  const section = (cls, title) => el("tr", { class: cls }, el("th", { colspan: width, class: "section" }, title));
  // above the line: the latest entry on top, the first next to the line, as a rubber sheet is written
  body.append(section("above", "Above the line"), ...rows((c) => c.above, "above").reverse());
  const played = (g) => cols.some((c) => (c.below[g] || []).length);
  let games = Math.max(1, ...cols.map((c) => (c.below || []).length));
  while (games > 1 && !played(games - 1)) games -= 1;  // the empty game after the last one won
  for (let g = 0; g < games; g++) {
    body.append(section("below" + (g === 0 ? " line" : ""), `Game ${g + 1}`), ...rows((c) => (c.below || [])[g], "below"));
  }
  body.append(el("tr", { class: "games" }, el("th", {}, "Games"), ...cols.map((c) => el("td", {}, `${c.games}`))));
  body.append(el("tr", { class: "totals" }, el("th", {}, "Total"), ...cols.map((c) => el("td", {}, `${c.total}`))));
  table.append(body);
  box.replaceChildren(el("h2", {}, "Score sheet", dot(), `${sheet.deals} deal${sheet.deals === 1 ? "" : "s"}`), table);
  if (sheet.is_over) box.append(el("p", { class: "total", id: "rubber-winner" }, rubberOverWords(s)));
}

function renderVariant() {
  const s = game.state;
  document.body.classList.add("variant");
  $("table").hidden = true;
  $("vtable").hidden = false;
  renderVariantTable(s);
  renderVariantInfo(s);
  renderVariantAuction(s);
  renderVariantBiddingBox(s);
  renderVariantControls(s);
  renderSheet(s);
  renderHowToPlay(s);
  tell(variantStory(s));
  const show = selected !== null && legalOf(s, "card").includes(selected);
  $("confirm-box").hidden = !show;
  if (show) showPlayButton(selected);
  confirmCall();
  $("record").hidden = true;
  tableIntoView(s.phase);
  document.body.dataset.phase = s.phase;  // (the layout of the phase, before measuring it)
  const choosing = $("controls").classList.contains("choosing");
  const box = choosing ? $("controls") : $("bidding-box");
  choiceInView(box, $("vtable").querySelector(".vhand.mine") || $("vtable"), box.hidden ? null
    : `${game.id} ${s.deal_number} ${s.phase} ${s.auction.length}`);
  document.body.dataset.replies = replies;
  document.body.dataset.ready = "yes";
  document.body.dataset.rubber = s.rubber_over ? "over" : "on";
  returnFocus(s, "#vtable");
}
