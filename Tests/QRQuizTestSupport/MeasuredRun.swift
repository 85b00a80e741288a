import Foundation
import Testing

/// A `qrquiz` run with its peak memory (the kernel's count, from `wait4`) and time, for
/// the tests of hostile inputs. Standard output is counted in lines, not kept.
package struct MeasuredRun {
  package var status: Int32
  package var peakMegabytes: Double
  package var seconds: Double
  /// The processor time it took (user and system, from `wait4`): what a ratio of two runs
  /// compares, since other work on a shared machine stretches wall time, not this.
  package var cpuSeconds: Double
  package var stdoutLines: Int
  package var stderr: String

  package init(
    _ arguments: [String], scratch: TemporaryDirectory, environment: [String: String]? = nil, stdin: String? = nil
  )
    throws
  {
    let lines = scratch.path("stdout-lines-\(UUID().uuidString)")
    let script = """
      import json, subprocess, sys, os, time
      start = time.monotonic()
      with open(sys.argv[1], "w") as out:
          out.write("")
      stdin = open(sys.argv[2], "rb") if sys.argv[2] else subprocess.DEVNULL
      p = subprocess.Popen(sys.argv[3:], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
      count = sum(1 for _ in p.stdout)
      err = p.stderr.read()
      _, status, usage = os.wait4(p.pid, 0)
      with open(sys.argv[1], "w") as out:
          out.write(str(count))
      print(json.dumps({"status": os.waitstatus_to_exitcode(status), "maxrss_kb": usage.ru_maxrss,
                        "seconds": time.monotonic() - start, "cpu": usage.ru_utime + usage.ru_stime,
                        "stderr": err.decode("utf-8", "replace")}))
      """
    var input = ""
    if let stdin {
      input = scratch.path("stdin-\(UUID().uuidString)")
      try Data(stdin.utf8).write(to: URL(fileURLWithPath: input))
    }
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", script, lines, input, ProcessRunner.qrquiz.path] + arguments,
      environment: environment, hangLimit: .processorSeconds(300))
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stderr)")
    status = Int32(object["status"] as! Int)
    peakMegabytes = Double(object["maxrss_kb"] as! Int) / 1024
    seconds = object["seconds"] as! Double
    cpuSeconds = object["cpu"] as! Double
    stdoutLines = Int(try String(contentsOfFile: lines, encoding: .utf8)) ?? -1
    stderr = object["stderr"] as! String
  }
}
