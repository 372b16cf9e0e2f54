// A tiny DOM builder: h("div", {class: "x", onclick: fn}, child, "text", [more]).
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch { data = {error: `${res.status} ${res.statusText}`}; }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

// Seats held by this browser: {tableId: {seat, token}} in localStorage.
const SEATS = "fliptable.seats";
export function heldSeats() {
  try { return JSON.parse(localStorage.getItem(SEATS) || "{}") || {}; } catch { return {}; }
}
export function holdSeat(table, seat, token) {
  const all = heldSeats();
  all[table] = {seat, token};
  localStorage.setItem(SEATS, JSON.stringify(all));
}
export function forgetSeat(table) {
  const all = heldSeats();
  delete all[table];
  localStorage.setItem(SEATS, JSON.stringify(all));
}
export function myName() { return localStorage.getItem("fliptable.name") || ""; }
export function setMyName(name) { localStorage.setItem("fliptable.name", name || ""); }
