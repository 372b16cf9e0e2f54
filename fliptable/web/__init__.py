"""The browser client (static ES modules and CSS, served by ``fliptable serve``); see README.md."""
