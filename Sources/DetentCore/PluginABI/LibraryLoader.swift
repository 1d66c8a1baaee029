import CDetentPlugin

/// Opens plugin libraries for the config loader. The daemon's side opens
/// shared objects (`SharedObjectLoader` in DetentPOSIX); this module
/// only vets what they export (`PluginLibrary`).
public protocol LibraryLoader {
    /// The library at `path` (absolute): its canonical path (two paths to
    /// one file are one library), what its `detent_plugin_entry_v1`
    /// returns, and a note for the log when the file changed on disk since
    /// it was first loaded (the loaded copy goes on serving).
    func open(_ path: String) throws(PluginLibraryError)
        -> (path: String, entry: UnsafePointer<detent_plugin_v1>?, note: String?)
}
