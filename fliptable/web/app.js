// fliptable's browser client: the lobby at /, a table at /table/{id}, a replay at /?replay={id}.
import {lobbyPage} from "./lobby.js";
import {tablePage} from "./table.js";
import {replayPage} from "./replay.js";

const root = document.getElementById("app");
const m = /^\/table\/([^/]+)\/?$/.exec(location.pathname);
const replay = new URLSearchParams(location.search).get("replay");
if (m) tablePage(root, decodeURIComponent(m[1]));
else if (replay) replayPage(root, replay);
else lobbyPage(root);
