import QRQuiz
import QRQuizHTTP

/// A JSON request body (the live game's API): an object whose fields are read with their
/// types checked, each problem naming its field.
struct JSONBody {
  let object: JSONValue

  /// What is wrong with a body: the answer's status (400 not JSON, 422 a bad field) and
  /// words for the client.
  struct Problem: Error {
    var status: Int
    var message: String
    var field: String?

    /// The answer saying so.
    var response: HTTPResponse { .apiError(status, message, field: field) }
  }

  /// Reads `body`.
  ///
  /// - Throws: ``Problem`` (400) when it is not a JSON object.
  init(_ body: [UInt8]) throws(Problem) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(body, maximumDepth: 8)
    } catch {
      throw Problem(status: 400, message: "the body is not JSON: \(error)")
    }
    guard case .object = value else { throw Problem(status: 400, message: "the body must be a JSON object") }
    object = value
  }

  func string(_ key: String) throws(Problem) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw wrong(key, "a string", other)
    }
  }

  func integer(_ key: String) throws(Problem) -> Int? {
    switch object[key] {
    case nil, .null?: return nil
    case .number(let number)? where number.value == number.value.rounded() && abs(number.value) < 1e9:
      return Int(number.value)
    case let other?: throw wrong(key, "a whole number", other)
    }
  }

  func number(_ key: String) throws(Problem) -> Double? {
    switch object[key] {
    case nil, .null?: return nil
    case .number(let number)? where number.value.isFinite: return number.value
    case let other?: throw wrong(key, "a number", other)
    }
  }

  func bool(_ key: String) throws(Problem) -> Bool? {
    switch object[key] {
    case nil, .null?: return nil
    case .bool(let flag)?: return flag
    case let other?: throw wrong(key, "true or false", other)
    }
  }

  /// An array of whole numbers, at most `limit` of them.
  func integers(_ key: String, limit: Int) throws(Problem) -> [Int]? {
    switch object[key] {
    case nil, .null?: return nil
    case .array(let values)?:
      guard values.count <= limit else {
        throw Problem(status: 422, message: "\(key) has \(values.count) items; at most \(limit)", field: key)
      }
      var numbers: [Int] = []
      for value in values {
        guard case .number(let number) = value, number.value == number.value.rounded(), abs(number.value) < 1e9 else {
          throw wrong(key, "an array of whole numbers", value)
        }
        numbers.append(Int(number.value))
      }
      return numbers
    case let other?: throw wrong(key, "an array of whole numbers", other)
    }
  }

  /// `key`'s value, which must be there.
  func required<Value>(_ key: String, _ read: (String) throws(Problem) -> Value?) throws(Problem) -> Value {
    guard let value = try read(key) else { throw Problem(status: 422, message: "\(key) is missing", field: key) }
    return value
  }

  private func wrong(_ key: String, _ expected: String, _ value: JSONValue) -> Problem {
    Problem(status: 422, message: "\(key) must be \(expected), not \(value.typeName)", field: key)
  }
}
