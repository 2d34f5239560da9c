"""``python -m bot.pictures sample OUT_DIR``: see :mod:`bot.pictures.samples`."""

from bot.pictures.samples import main

main()
