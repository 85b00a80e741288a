/// Which marker each card number carries: a tag36h11 code (AprilTag's family made for
/// reading at a distance: 587 codes, any two at least 11 bits apart in every turn).
///
/// Not every code is used. Photographed in a mirror, through a window or by a selfie
/// camera, a code reads as its mirror image, and a few codes' mirror images lie close to
/// other codes. The cards use the codes, taken in the family's order, whose mirror images
/// in every turn are at least ``mirrorDistance`` bits from every card's code in every turn
/// (their own included): libapriltag corrects at most 2 bits, so a mirrored card would need
/// 6 more bits misread to pass for any card in any turn. That leaves 476 codes, card 1
/// carrying the first. The table is fixed for good (printed cards depend on it); a test
/// recomputes it from libapriltag's own drawings of the codes.
public enum AnswerCardCode {
  /// The least number of bits between a card's code seen in a mirror and any card's code.
  public static let mirrorDistance = 8

  /// The tag36h11 codes, card 1 first.
  static let tagIDs: [Int] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    20, 21, 22, 23, 24, 25, 26, 27, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 53, 54, 55, 56, 57, 58, 59, 60, 61,
    62, 63, 64, 65, 66, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82,
    83, 84, 85, 86, 87, 88, 89, 90, 91, 93, 94, 97, 98, 99, 100, 102, 103, 104, 105, 106,
    107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 123, 124, 125, 126, 127,
    129, 130, 131, 132, 133, 135, 136, 137, 138, 140, 141, 142, 144, 145, 147, 148, 149, 150, 151, 152,
    153, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173,
    174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 187, 189, 190, 191, 193, 195, 196, 197,
    198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217,
    219, 220, 221, 222, 223, 225, 226, 228, 229, 230, 232, 233, 235, 236, 237, 238, 239, 241, 242, 243,
    245, 246, 247, 248, 249, 250, 252, 253, 254, 255, 256, 257, 258, 260, 263, 264, 266, 267, 268, 269,
    270, 271, 272, 273, 275, 276, 277, 279, 280, 282, 283, 284, 285, 286, 288, 290, 291, 292, 293, 294,
    295, 297, 298, 299, 300, 301, 302, 303, 304, 305, 306, 307, 309, 310, 311, 312, 313, 315, 316, 317,
    318, 319, 320, 323, 325, 326, 327, 328, 330, 331, 332, 333, 335, 336, 338, 341, 342, 344, 345, 346,
    348, 351, 352, 353, 354, 355, 356, 357, 359, 360, 362, 364, 365, 366, 367, 368, 369, 370, 371, 372,
    373, 374, 375, 377, 378, 379, 380, 381, 382, 384, 385, 386, 387, 388, 389, 390, 391, 392, 393, 394,
    396, 397, 398, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 413, 415, 416, 417, 418,
    419, 423, 424, 425, 426, 427, 428, 431, 433, 434, 435, 436, 437, 439, 440, 441, 442, 444, 445, 446,
    448, 449, 450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 462, 463, 465, 466, 469, 470, 471,
    472, 473, 474, 475, 477, 478, 479, 480, 481, 482, 483, 485, 486, 490, 491, 493, 494, 495, 496, 497,
    498, 504, 505, 508, 509, 511, 512, 513, 514, 515, 516, 517, 518, 520, 522, 524, 526, 527, 528, 529,
    530, 531, 532, 534, 536, 538, 539, 540, 543, 545, 546, 550, 551, 552, 554, 557, 558, 562, 563, 564,
    565, 567, 568, 569, 571, 572, 573, 574, 576, 578, 579, 580, 581, 582, 584, 585,
  ]

  /// How many cards there are: numbers 1 to 476 (QRQuiz's `ClassRoster.cardNumbers`).
  public static var cardCount: Int { tagIDs.count }

  /// Card numbers by code.
  private static let cardsByTagID = Dictionary(uniqueKeysWithValues: tagIDs.enumerated().map { ($1, $0 + 1) })

  /// The code printed on card `number`, if there is such a card.
  public static func tagID(forCard number: Int) -> Int? {
    tagIDs.indices.contains(number - 1) ? tagIDs[number - 1] : nil
  }

  /// The card that carries code `id`; `nil` for a code no card carries.
  public static func card(forTagID id: Int) -> Int? { cardsByTagID[id] }
}
