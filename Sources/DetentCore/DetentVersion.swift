/// The version `hello` reports as `server=detentd/VERSION`.
public enum DetentVersion {
    public static let string = "0.1.0"
    /// The protocol version of detent-protocol(7).
    public static let proto = 1
}
