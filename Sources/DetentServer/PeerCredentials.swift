/// Linux's `struct ucred` (pid, uid, gid), which Glibc only declares under
/// `_GNU_SOURCE`: the layout is fixed by the kernel ABI, three 32-bit fields.
struct PeerCredentials {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
