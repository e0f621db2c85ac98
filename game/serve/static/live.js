// The live table: one server-sent event per change, each the whole table,
// drawn with textContent only so nothing from the table is ever run as HTML.
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live || live.dataset.live !== "true") return;
  const view = document.getElementById("live-view");
  const wait = document.getElementById("live-wait");
  let lastSeq = -1;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function stat(label, value) {
    const s = el("span");
    s.append(label + " ", el("b", "", String(value)));
    return s;
  }

  function draw(t) {
    if (t.seq < lastSeq) return; // a stale snapshot after a reconnect
    lastSeq = t.seq;
    live.dataset.seq = t.seq;
    live.dataset.turn = t.turn;
    live.dataset.paused = t.paused;
    wait && (wait.hidden = true);
    view.hidden = false;

    const status = document.getElementById("status");
    status.replaceChildren(
      // A hand is named by its log as it starts.
      stat("hand", t.hand || "starting"), stat("beat", t.beat), stat("tempo", Math.round(t.tempo) + "/min"),
      stat("deck", t.deck + " (" + t.grounds_in_deck + " Grounds)"), stat("pass", t.pass),
      stat("discards", t.discards), stat("dealer", "seat " + t.dealer));
    const rh = t.reader_health;
    if (rh) {
      const r = stat("reader", rh.text);
      r.id = "reader";
      r.dataset.failing = !!rh.failing;
      status.append(r);
    } else if (t.reader) status.append(stat("reader", t.reader));
    document.getElementById("next").textContent =
      t.over ? "" : "Next: " + t.next + (t.last ? " · last: " + t.last : "");

    const banners = document.getElementById("banners");
    banners.replaceChildren();
    if (t.log) banners.append(el("div", "banner log", "PLAY LOG: " + t.log));
    if (t.paused) banners.append(el("div", "banner paused", "PAUSED: lights and beat frozen"));
    if (rh && rh.failing) banners.append(el("div", "banner reader", "Card reader " + rh.state + ": " + rh.advice));
    if (t.over) banners.append(el("div", "banner over", t.declared
      ? "Seat " + t.winner + " wins as the table declared (the lights had lost the hand) and deals next"
      : "Seat " + t.winner + " wins and deals next"));
    if (t.dispute) {
      const d = el("div", "banner dispute", "Dispute: " + t.dispute.text);
      d.id = "dispute";
      d.dataset.winner = t.dispute.winner;
      const times = (t.dispute.presses || []).map(p => "seat " + p.seat + " +" + p.after_ms.toFixed(1) + " ms").join(", ");
      if (times) d.append(el("span", "small", times));
      banners.append(d);
    }

    const seats = document.getElementById("seats");
    seats.replaceChildren(...t.seats.map(s => {
      let cls = "seat";
      if (s.turn) cls += " turn";
      if (s.out) cls += " out";
      if (s.winner) cls += " winner";
      if (t.dispute && t.dispute.winner === s.seat) cls += " first";
      const c = el("div", cls);
      c.dataset.seat = s.seat;
      const h = el("header");
      const tags = el("span", "tags");
      if (s.turn) tags.append(el("span", "tag-turn", "dealing here" + (t.due > 1 ? " ×" + t.due : "")), " ");
      if (s.out) tags.append(el("span", "tag-out", "out"), " ");
      if (s.winner) tags.append(el("span", "tag-win", "winner"), " ");
      if (t.dispute && t.dispute.winner === s.seat) tags.append(el("span", "", "first"), " ");
      if (s.holding) tags.append("holds a card");
      h.append(el("strong", "", "Seat " + s.seat), tags);
      const st = el("div", "stacks");
      if (!s.stacks.length) st.append(el("span", "muted", "no stacks"));
      for (const k of s.stacks) {
        const b = el("div", "stack k-" + (k.top || "none"), k.top || "empty");
        b.append(el("span", "n", k.cards + (k.cards === 1 ? " card" : " cards")));
        st.append(b);
      }
      c.append(h, st);
      if (s.rider) {
        const r = el("div", "rider", "rider: ");
        r.append(el("span", "", s.rider + (s.extras ? " +" + s.extras + " Extra" : "")));
        c.append(r);
      }
      return c;
    }));

    const notes = document.getElementById("notes");
    notes.replaceChildren(...(t.notes || []).map(n => el("li", "", "referee: " + n)));
  }

  function connect() {
    const es = new EventSource("/events");
    es.addEventListener("table", ev => draw(JSON.parse(ev.data)));
    es.addEventListener("gone", () => {
      es.close();
      const b = document.getElementById("banners");
      b.replaceChildren(el("div", "banner gone", "The table has stopped. Reload when it runs again."));
    });
    es.addEventListener("replaced", () => {
      es.close();
      const b = document.getElementById("banners");
      b.replaceChildren(el("div", "banner gone", "This page gave its place to a newer page with the controls. Reload to follow the table here."));
    });
    // EventSource reconnects by itself after a network blip (retry: 1000),
    // but not after a refusal (too many pages open): say so.
    es.onerror = () => {
      if (es.readyState !== EventSource.CLOSED) return;
      const b = document.getElementById("banners");
      b.replaceChildren(el("div", "banner gone", "This page cannot follow the table now (too many pages open?). Close one and reload."));
    };
  }
  connect();

  const msg = document.getElementById("msg");
  function say(text, bad) {
    if (!msg) return;
    msg.textContent = text;
    msg.className = bad ? "msg err" : "msg";
  }
  async function post(path, body) {
    const opts = { method: "POST", headers: { "Accept": "application/json" } };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const r = await fetch(path, opts);
    let j = {};
    try { j = await r.json(); } catch (e) { j = { error: r.statusText }; }
    if (!r.ok) throw new Error(j.error || r.statusText);
    return j;
  }
  document.querySelectorAll("#controls button").forEach(b => b.addEventListener("click", async () => {
    const what = b.dataset.control;
    try { await post("/api/control/" + what); say(what + ": done", false); }
    catch (e) { say(what + ": " + e.message, true); }
  }));
  const form = document.getElementById("correction");
  form && form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const note = document.getElementById("note");
    try { await post("/api/correction", { note: note.value }); say("correction logged", false); note.value = ""; }
    catch (e) { say("correction: " + e.message, true); }
  });
})();
