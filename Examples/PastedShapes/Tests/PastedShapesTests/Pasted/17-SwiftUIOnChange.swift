// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// SwiftUI, iOS 14 style: truncate in onChange.
struct UsernameField: View {
    @State private var username = ""

    var body: some View {
        TextField("Username", text: $username)
            .onChange(of: username) { newValue in
                if newValue.count > 8 {
                    username = String(newValue.prefix(8))
                }
            }
    }
}
