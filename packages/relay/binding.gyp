{
  "targets": [
    {
      "target_name": "ptc_relay",
      "sources": ["src/relay.c"],
      "defines": ["_GNU_SOURCE", "NAPI_VERSION=8"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"]
    }
  ]
}
