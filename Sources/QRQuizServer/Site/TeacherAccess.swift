import QRQuiz
import QRQuizHTTP

/// The teacher, proven: the request carried the token `qrquiz serve` prints (in the
/// teacher's address, `/?token=…`), or on a school's server a teacher's personal API token
/// (`TeacherIdentity.swift`). Only the site's checks make one, so a handler that takes a
/// `Teacher` runs for a teacher alone, and knows which.
struct Teacher: Sendable {
  /// The teacher's account (its id in `TeacherAccountStore`); `nil` for the laptop's single
  /// teacher, who has none.
  let account: Int64?
}

/// The teacher on a server that allows editing (`--allow-edit`), with the topic library
/// their writes go to.
struct Editor: Sendable {
  /// The library writes go to.
  let library: TopicLibrary

  fileprivate init(library: TopicLibrary) { self.library = library }
}

/// The teacher's access to routes: pages keep the token in a cookie the browser sends only
/// to this site's own pages (SameSite=Strict, HttpOnly), and send the page's form token
/// with every write (no other site's page can know it); scripts send
/// `Authorization: Bearer TOKEN`.
extension Site {
  /// Whether `credentials` hold a teacher's token: a Bearer token if there is one, else
  /// the teacher's cookie.
  func isTeacher(_ credentials: Credentials) -> Bool { teacher(credentials) != nil }

  /// The teacher, by an API call: a Bearer token, or the teacher's cookie with a JSON
  /// body (which a form of another site cannot send). 401 without a token, 403 with a
  /// wrong one, 415 for the cookie without JSON.
  var teacherAPI: Access<RequestContext, Teacher> {
    Access("the teacher: Bearer, or the cookie with a JSON body") { [self] context in
      if let refusal = teacherRefusal(context) { return .answered(refusal) }
      if context.credentials.bearer == nil, !context.credentials.sendsJSON {
        return .answered(.apiError(415, "send the body as application/json"))
      }
      return admitted(context)
    }
  }

  /// The teacher, by a form of this site's pages: the cookie (or a Bearer token) and the
  /// page's form token in the form's `csrf` field; 403 pages otherwise.
  var teacherForm: Access<RequestContext, Teacher> {
    Access("the teacher: the cookie and the form's token") { [self] context in
      guard context.isTeacher else { return .answered(notAllowed(context, .notTeacherDetail)) }
      if let refusal = formTokenRefusal(context) { return .answered(refusal) }
      return admitted(context)
    }
  }

  /// The teacher, reading through the API: a Bearer token or the teacher's cookie (a read
  /// changes nothing, and no other site's page can read what it answers). 401 without a
  /// token, 403 with a wrong one.
  var teacherRead: Access<RequestContext, Teacher> {
    Access("the teacher: Bearer or the cookie") { [self] context in
      if let refusal = teacherRefusal(context) { return .answered(refusal) }
      return admitted(context)
    }
  }

  /// The teacher's downloads (a topic's exports, and their notes): the cookie or a Bearer
  /// token; the page saying no otherwise. Editing need not be on.
  var teacherDownload: Access<RequestContext, Teacher> {
    Access("the teacher: the cookie or Bearer") { [self] context in
      guard context.isTeacher else { return .answered(notAllowed(context, .notTeacherDownloadDetail)) }
      return admitted(context)
    }
  }

  /// The teacher's own pages (homework, classes, the gradebook): the cookie or a Bearer
  /// token; `?token=` signs in and comes back to the page without it; the page saying no
  /// otherwise. Editing need not be on.
  var teacherPage: Access<RequestContext, Teacher> {
    Access("the teacher: the cookie (`?token=` signs in)") { [self] context in
      if let signIn = teacherSignIn(context, returningTo: .current(path: context.request.path, query: [:])) {
        return .answered(signIn)
      }
      guard context.isTeacher else {
        // A school's server: the log-in page, coming back here after.
        if usedAccounts() != nil {
          return .answered(.redirect(to: SitePath.logIn.query("back", context.request.path)))
        }
        let pages = pages(context)
        return .answered(.html(pages.error(.notAllowed, pages.say(HomeworkPhrase.teacherOnlyDetail)), status: 403))
      }
      return admitted(context)
    }
  }

  /// Whether `credentials` carry the teacher's token as an API write must: a Bearer token,
  /// or the cookie with a JSON body (which a form of another site cannot send).
  func isTeacherWrite(_ credentials: Credentials) -> Bool {
    isTeacher(credentials) && (credentials.bearer != nil || credentials.sendsJSON)
  }

  /// The teacher a request proved as an API write must (see ``isTeacherWrite(_:)``).
  func teacherWrite(_ context: RequestContext) -> Teacher? {
    guard context.credentials.bearer != nil || context.credentials.sendsJSON else { return nil }
    return context.teacher
  }

  /// The teacher the request proved, admitted (the checks above found one).
  private func admitted(_ context: RequestContext) -> Admission<Teacher> {
    guard let teacher = context.teacher else { return .answered(notAllowed(context, .notTeacherDetail)) }
    return .admitted(teacher)
  }

  /// The teacher's editor pages: editing on, the cookie (`?token=` signs in first).
  func editorPage(returningTo path: @escaping @Sendable (RequestContext) -> SitePath)
    -> Access<RequestContext, Teacher>
  {
    Access("the teacher, editing on: the cookie (`?token=` signs in)") { [self] context in
      if let refusal = editorPageRefusal(context, returningTo: path(context)) { return .answered(refusal) }
      return admitted(context)
    }
  }

  /// A form of the editor's pages: editing on, the cookie and the form's token.
  var editorForm: Access<RequestContext, Teacher> {
    Access("the teacher, editing on: the cookie and the form's token") { [self] context in
      if let refusal = editorPageRefusal(context, returningTo: .library) { return .answered(refusal) }
      if let refusal = formTokenRefusal(context) { return .answered(refusal) }
      return admitted(context)
    }
  }

  /// A write to the library through the API: editing on (`--allow-edit`), the teacher (a
  /// Bearer token, or the page's cookie with its form token in `X-Form-Token`), and a
  /// library rather than files.
  var editorAPI: Access<RequestContext, Editor> {
    Access("the teacher, editing on: Bearer, or the cookie with `X-Form-Token`") { [self] context in
      let credentials = context.credentials
      guard configuration.allowsEditing else {
        return .answered(.apiError(403, "editing is off: start qrquiz serve with --allow-edit"))
      }
      if let refusal = teacherRefusal(context) { return .answered(refusal) }
      if !credentials.hasAuthorization {
        // The page's cookie: the form token must come too (another site's page cannot know it).
        guard let token = credentials.formTokenHeader, Secret.matches(token, formToken) else {
          return .answered(.apiError(403, "the page is out of date: reload it"))
        }
      }
      guard case .library(let library) = topics.source else {
        return .answered(.apiError(403, ServedTopics.ReadOnly().description))
      }
      return .admitted(Editor(library: library))
    }
  }

  /// For a request with `?token=`: the teacher's cookie set and a redirect to `path`
  /// (the token leaves the address bar, and the projector never shows it); a page saying
  /// no for a wrong token, or on a school's server (its teachers' tokens are for scripts);
  /// `nil` without one.
  func teacherSignIn(_ context: RequestContext, returningTo path: SitePath) -> HTTPResponse? {
    guard let offered = context.credentials.signInToken else { return nil }
    guard usedAccounts() == nil, let token = configuration.teacherToken, Secret.matches(offered, token) else {
      return notAllowed(context, .wrongTokenDetail)
    }
    return .redirect(to: path, headers: [("Set-Cookie", cookie(Credentials.teacherCookie, token, strict: true))])
  }

  /// The refusal of an API call that is not a teacher's (`nil`: it is): 403 when the
  /// server has no token (and no accounts), 401 without one, 403 with a wrong one.
  private func teacherRefusal(_ context: RequestContext) -> HTTPResponse? {
    let credentials = context.credentials
    guard configuration.teacherToken != nil || configuration.teacherAccounts != nil else {
      return .apiError(403, "this server has no teacher's token")
    }
    if credentials.bearer == nil, credentials.teacherCookie == nil {
      return .apiError(401, "the teacher's token is needed", headers: [("WWW-Authenticate", "Bearer")])
    }
    guard context.isTeacher else { return .apiError(403, "the teacher's token is not this server's") }
    return nil
  }

  /// The page that refuses an editor page (`nil`: the teacher may edit): editing off,
  /// the teacher signing in, or someone else.
  private func editorPageRefusal(_ context: RequestContext, returningTo path: SitePath) -> HTTPResponse? {
    guard configuration.allowsEditing else {
      let pages = pages(context)
      return .html(pages.error(.editingOff, pages.say(.editingOffDetail)), status: 403)
    }
    if let signIn = teacherSignIn(context, returningTo: path) { return signIn }
    guard context.isTeacher else {
      // A school's server: the log-in page, coming back here after.
      if usedAccounts() != nil { return .redirect(to: SitePath.logIn.query("back", path.value)) }
      return notAllowed(context)
    }
    return nil
  }

  /// The 403 page for a form whose `csrf` field is not this server's form token (a form of
  /// another site, or a stale page); `nil` when it is.
  private func formTokenRefusal(_ context: RequestContext) -> HTTPResponse? {
    guard let offered = context.credentials.formTokenField, Secret.matches(offered, formToken) else {
      let pages = pages(context)
      return .html(
        pages.error(.formRefused, pages.say(.formRefusedDetail, ["address": .text(SitePath.library.value)])),
        status: 403)
    }
    return nil
  }
}
