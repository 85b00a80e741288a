/// Small dense linear systems, as least-squares fits need them (a perspective map's eight
/// coefficients, a blur model's five).
enum LinearSystem {
  /// The solution x of `matrix` · x = `vector` (`matrix` row by row, `size` × `size`), by
  /// Gaussian elimination with partial pivoting; `nil` when singular.
  static func solve(_ matrix: [Double], _ vector: [Double], size n: Int) -> [Double]? {
    var a = matrix
    var b = vector
    for column in 0..<n {
      let pivot = (column..<n).max { abs(a[$0 * n + column]) < abs(a[$1 * n + column]) }!
      guard abs(a[pivot * n + column]) > 1e-12 else { return nil }
      if pivot != column {
        for k in 0..<n { a.swapAt(pivot * n + k, column * n + k) }
        b.swapAt(pivot, column)
      }
      for row in column + 1..<n {
        let factor = a[row * n + column] / a[column * n + column]
        guard factor != 0 else { continue }
        for k in column..<n { a[row * n + k] -= factor * a[column * n + k] }
        b[row] -= factor * b[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = b[row]
      for k in row + 1..<n { sum -= a[row * n + k] * x[k] }
      x[row] = sum / a[row * n + row]
    }
    return x
  }
}
