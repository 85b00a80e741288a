import Foundation
import QRQuiz

/// The topic creator, `/new`: off unless the server allows editing (`--allow-edit`), and
/// then for the teacher only (``isTeacher(_:)``); every form also carries a second token
/// back (against requests forged by other pages).
extension QuizWebApp {
  /// GET `/new`: with `?token=`, signs the teacher in; else the creator's first step.
  func creatorStart(_ context: RequestContext) -> HTTPResponse {
    guard configuration.editToken != nil else { return editingOff(context) }
    if let signIn = teacherSignIn(context, returningTo: .newTopic) { return signIn }
    guard isEditor(context.request) else { return notAllowed(context) }
    return .html(pages(context).creatorStart())
  }

  /// GET `/new/form`: the form for the counts asked.
  func creatorForm(_ context: RequestContext) -> HTTPResponse {
    guard configuration.editToken != nil else { return editingOff(context) }
    guard isEditor(context.request) else { return notAllowed(context) }
    return .html(pages(context).creatorForm(CreatorForm(fields: context.request.query), csrf: formToken, problems: []))
  }

  /// POST `/new`: the topic saved, or the form again with every problem.
  func createTopic(_ context: RequestContext) async -> HTTPResponse {
    guard configuration.editToken != nil else { return editingOff(context) }
    guard isEditor(context.request) else { return notAllowed(context) }
    let pages = pages(context)
    let fields = FormBody.parse(context.request.body)
    guard let csrf = fields["csrf"], Secret.matches(csrf, formToken) else {
      return .html(
        pages.error(.formRefused, pages.say(.formRefusedDetail, ["address": .text(SitePath.newTopic.value)])),
        status: 403)
    }
    let form = CreatorForm(fields: fields)
    switch form.topic(in: context.language) {
    case .failure(let problems):
      return .html(pages.creatorForm(form, csrf: formToken, problems: problems.messages), status: 422)
    case .success(let topic):
      do {
        return .redirect(to: .topic(try topics.save(topic)))
      } catch {
        return .html(pages.creatorForm(form, csrf: formToken, problems: ["\(error)"]), status: 409)
      }
    }
  }

  private func isEditor(_ request: HTTPRequest) -> Bool { configuration.allowsEditing && isTeacher(request) }

  private func editingOff(_ context: RequestContext) -> HTTPResponse {
    .html(pages(context).error(.editingOff, pages(context).say(.editingOffDetail)), status: 403)
  }

  func notAllowed(_ context: RequestContext) -> HTTPResponse {
    .html(pages(context).error(.notAllowed, pages(context).say(.notAllowedDetail)), status: 403)
  }
}
