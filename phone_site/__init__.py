"""The phone app's static site, made and tried on a computer: a build step, not part of the app.

- :mod:`~phone_site.build` writes the site (``scripts/build_phone_app``): flet-web's client and Pyodide runtime, the
  app archive (the ``companion`` package and the pinned packages installed, compiled by Pyodide's own Python), a
  service worker; ``web/`` holds the page's and the worker's templates.
- :mod:`~phone_site.serve` serves a built site on 127.0.0.1 (tests, the bench, trying a build).

It sits outside ``companion`` so that the package the site ships (:mod:`companion.phone` is its entry point) holds
no build code, and is no part of the installed wheel: run it from a checkout.
"""
