import UIKit

// A text view's limit in shouldChangeTextIn.
class FeedbackViewController: UIViewController, UITextViewDelegate {
    @IBOutlet weak var feedbackView: UITextView!

    override func viewDidLoad() {
        super.viewDidLoad()
        feedbackView.delegate = self
    }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let currentText = textView.text ?? ""
        let newText = (currentText as NSString).replacingCharacters(in: range, with: text)
        return newText.count <= 20
    }
}
