"""Pictures of the tables: each game draws its public table (and, where it helps, a seat's
private screen) as one PNG from an engine view, in ``bot/games/<game>/picture.py``. This
package holds what every game shares:

- ``fonts`` (the shipped DejaVu fonts, fitting and wrapping text), ``canvas`` (a picture laid
  out in points of a 400-pixel-wide phone display; sprites drawn once and pasted), ``parts``
  (panels, tiles, piles, badges, shapes), ``png`` (fixed palettes, palette-mode PNG);
- ``base`` (the game contract :class:`~bot.pictures.base.GamePicture`, the context and the
  finished :class:`~bot.pictures.base.Picture`), ``painter`` (rendering off the event loop,
  with its cache), ``samples`` (``python -m bot.pictures sample OUT_DIR``).

Nothing here knows Discord; ``bot.messages`` uploads what it draws.
"""
