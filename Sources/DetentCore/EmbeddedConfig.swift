/// The repository's plugins.json, compiled in: served when no config file is
/// found (detentd(8), FILES). A test keeps it equal to the file;
/// `scripts/embed-config` regenerates this file.
public enum EmbeddedConfig {
    /// The name errors and logs give the embedded copy.
    public static let name = "(embedded plugins.json)"

    /// The file's exact text.
    public static let json = #"""
{
  "listen": "/run/detent/detent.sock",
  "socketMode": "0660",
  "defaultPlugin": "cards",
  "limits": {
    "maxConnections": 1024,
    "maxLineBytes": 4096,
    "maxSessionsPerConnection": 64,
    "maxItems": 10000,
    "maxOutputBytes": 1048576
  },
  "plugins": [
    { "name": "paging",   "strategy": "paging" },
    { "name": "cards",    "strategy": "flick",    "options": { "flickVelocity": 1.0 } },
    { "name": "peek",     "strategy": "paging",   "options": { "page": "pitch" } },
    { "name": "banner",   "strategy": "adjacent" },
    { "name": "thumbs",   "strategy": "nearest" },
    { "name": "shelf",    "strategy": "group" },
    { "name": "carousel", "strategy": "carousel", "options": { "autoplayMs": 2000 } },
    { "name": "flutter-page",  "strategy": "flutter-page" },
    { "name": "embla",         "strategy": "embla" },
    { "name": "swiper",        "strategy": "swiper" },
    { "name": "compose-pager", "strategy": "compose-pager" },
    { "name": "android-pager", "strategy": "android-pager" },
    { "name": "android-linear", "strategy": "android-linear" }
  ]
}

"""#
}
