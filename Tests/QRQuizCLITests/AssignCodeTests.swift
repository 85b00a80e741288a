import Testing

@testable import QRQuizCLI

/// An assignment's code on the command line (`--results`, `--extend`, `--reopen`): a code
/// of 8 letters and digits with a character codes never use is no assignment's (exit 3,
/// saying which character), not "not 8 letters and digits" (issue 49).
@Suite struct AssignCodeTests {
  @Test func eightLettersAndDigitsWithAnUnusedCharacterIsNoAssignment() {
    #expect {
      try AssignCommand.code("NOPE1234")
    } throws: { error in
      guard let error = error as? CLIError else { return false }
      return error.code == .notFound
        && error.message
          == "no assignment has the code NOPE1234: it has 'O' and '1', which codes never use (0, 1, I, L and O "
          + "look alike); qrquiz assign --list lists them"
    }
  }

  @Test func anythingElseIsNotACodeAndAGoodOneIsUpperCased() throws {
    for typed in ["NOPE", "ABCD-234", "ÀBCD2345", "ABCD23456"] {
      do {
        _ = try AssignCommand.code(typed)
        Issue.record("\(typed) was taken as a code")
      } catch {
        #expect(error.code == .usage, "\(typed)")
      }
    }
    #expect(try AssignCommand.code("abcd2345") == "ABCD2345")
  }
}
