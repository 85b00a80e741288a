extension ValidTopic {
  /// Sets a front end offers and plays as one choice: one set alone, or the consecutive
  /// sets `options.setGroups` marks as runs of one list (split only because the app needs
  /// one answer count per set), played in order as one quiz.
  public struct PlayableUnit: Sendable, Hashable {
    /// The sets played, 0-based, in order.
    public var sets: ClosedRange<Int>
    /// The first set's number (1-based): what a request names the unit by.
    public var number: Int { sets.lowerBound + 1 }
    /// Whether the unit is a list of several sets.
    public var isList: Bool { sets.count > 1 }

    /// The unit of the sets `sets` (0-based): a set alone, or a list's.
    public init(sets: ClosedRange<Int>) { self.sets = sets }
  }

  /// The unit a request for set `number` (1-based) plays: ``setsPlayed(from:)``.
  public func unitPlayed(from number: Int) -> PlayableUnit { PlayableUnit(sets: setsPlayed(from: number)) }

  /// The topic's playable units in the sets' order, covering every set once. A topic
  /// whose `setGroups` is missing or malformed (the linter warns) plays each set alone.
  public var playableUnits: [PlayableUnit] {
    let count = topic.sets.count
    guard let groups = topic.options?.setGroups, TopicLinter.setGroupsProblem(groups, sets: count) == nil else {
      return (0..<count).map { PlayableUnit(sets: $0...$0) }
    }
    var units: [PlayableUnit] = []
    var start = 0
    for index in 1...count where index == count || groups[index] != groups[start] {
      units.append(PlayableUnit(sets: start...(index - 1)))
      start = index
    }
    return units
  }

  /// The sets set `number` (1-based) plays: its whole list when it is a list's first set,
  /// else itself alone (a request may still ask for one run of a list).
  public func setsPlayed(from number: Int) -> ClosedRange<Int> {
    playableUnits.first { $0.number == number }?.sets ?? (number - 1)...(number - 1)
  }

  /// A unit's name: a set's own; for a list, the topic's when it is the whole topic, the
  /// list's name when its runs carry one (the importer names them "Geography: questions
  /// 1–3"), else the range of its questions ("Questions 1–7"): never its first run's name,
  /// which counts only that run's questions.
  public func name(of unit: PlayableUnit, in language: Language = .english) -> String {
    guard unit.isList else { return setName(unit.sets.lowerBound, in: language) }
    if unit.sets.count == topic.sets.count { return name }
    if let first = topic.options?.setName(unit.sets.lowerBound), let colon = first.range(of: ": "),
      colon.lowerBound > first.startIndex
    {
      return String(first[..<colon.lowerBound])
    }
    return QuizPhrase.listQuestions.text(in: language, ["count": .number(questionCount(of: unit))])
  }

  /// A unit's questions.
  public func questionCount(of unit: PlayableUnit) -> Int { topic.sets[unit.sets].reduce(0) { $0 + $1.count } }
}
