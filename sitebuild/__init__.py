"""What ``build.py`` does, a module per job (docs/BUILD.md says what the build makes).

``build.py`` is the entry point (argument parsing and the subcommands); the modules here are
stdlib only, like it, so they run before anything is installed. Tests, benchmarks and tools
import them by name (``from sitebuild import assemble``) with the repository root on
``sys.path``.
"""
