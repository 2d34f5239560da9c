"""What talks to Discord: the messages the bot posts and edits (tables, private screens,
pings, lobbies), their components and layouts, and the safe wrappers around every send."""
