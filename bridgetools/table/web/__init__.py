"""The table in the browser: a Starlette app over `bridgetools.table.game`, page served from the package."""
