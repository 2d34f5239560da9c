"""The Discord bot: discord.py adapters only (commands, components, rendering, timers)."""
