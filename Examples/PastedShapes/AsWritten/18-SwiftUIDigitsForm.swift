import SwiftUI

// SwiftUI, iOS 17 style: a digits-only amount in a form.
struct AmountForm: View {
    @State private var amount: String = ""

    var body: some View {
        Form {
            Text("Amount")
            TextField("0", text: $amount)
                .keyboardType(.numberPad)
                .textFieldStyle(.roundedBorder)
                .onChange(of: amount) { oldValue, newValue in
                    let filtered = newValue.filter { "0123456789".contains($0) }
                    if filtered != newValue {
                        amount = filtered
                    }
                }
        }
        .padding()
    }
}
