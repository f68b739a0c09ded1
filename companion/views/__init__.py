"""The Flet screens, one module each; ``companion.app.ROUTES`` maps routes to them."""
