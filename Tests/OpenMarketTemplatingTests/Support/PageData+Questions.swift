import Foundation

/// Questions to the seller: the product page's section, one question's page, the ask form after a refusal, and the
/// console's list; their texts come from the `q` catalogue.
extension PageData {
    /// Every `q.name` the templates read, each with a text of its own.
    static func questionCatalogue(templatesDirectory: URL) throws -> [String: Any] {
        var q: [String: Any] = [:]
        let pattern = try Regex(#"\bq\.([A-Za-z]+)"#)
        let enumerator = FileManager.default.enumerator(at: templatesDirectory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "mustache" else { continue }
            for match in try String(contentsOf: url, encoding: .utf8).matches(of: pattern) {
                guard let key = match.output[1].substring.map(String.init) else { continue }
                q[key] = "\(key) ‹q›"
            }
        }
        return q
    }

    static func question(_ id: Int, isPrivate: Bool, answered: Bool) -> [String: Any] {
        var item: [String: Any] = [
            "anchor": "q-\(id)", "nickname": "Asker \(id) " + tricky, "askedAgo": "3 days ago", "askedOn": "2 Jan 2026", "askedISO": "2026-01-02",
            "isPrivate": isPrivate, "isAnswered": answered, "url": "/products/7/questions/\(id)",
        ]
        if !isPrivate { item["text"] = "Is it <there>?\nLine two " + tricky }
        if answered && !isPrivate { item["answer"] = "Yes " + tricky }
        return item
    }

    static func questionPages(t: [String: Any], a: [String: Any], q: [String: Any]) -> [Page] {
        var pages: [Page] = []
        for (variant, full) in [("full", true), ("empty", false)] {
            let layout = layout(flash: full)
            let items = full ? [question(1, isPrivate: false, answered: true), question(2, isPrivate: true, answered: true), question(3, isPrivate: false, answered: false)] : []
            var section: [String: Any] = [
                "countText": full ? "3 questions" : "0 questions", "items": items, "hasQuestions": full, "hasMore": full,
                "waiting": full ? [items[2]] : [], "action": "/products/7/questions", "formID": "question-form",
            ]
            if full { section["waitingText"] = "1 waits " + tricky }
            var show = show(layout: layout, t: t, several: full)
            show["q"] = q
            show["questions"] = section
            pages.append(Page(name: "show-questions-\(variant)", data: show, templates: ["products/show", "partials/questions"], marker: "question-form"))

            var asker = field("asker-password", error: full)
            asker["id"] = "asker-password"
            let questionPage: [String: Any] = [
                "layout": layout, "t": t, "q": q, "productName": "Lamp " + tricky, "productURL": "/products/7#q-2",
                "question": question(2, isPrivate: !full, answered: full), "isRevealed": full, "readAction": "/products/7/questions/2/read",
                "answerAction": "/products/7/questions/2/answer", "deleteAction": "/products/7/questions/2/delete", "askerPassword": asker,
                "sellerPassword": field("seller-password", error: !full), "answerField": field("answer-text", error: full),
                "typedAnswer": full ? "Typed " + tricky : "", "notice": full ? "Later " + tricky : "",
            ]
            pages.append(Page(name: "question-\(variant)", data: questionPage, templates: ["questions/show", "layout"], marker: "seller-heading"))

            var ask: [String: Any] = [
                "layout": layout, "t": t, "q": q, "productName": "Lamp " + tricky, "productURL": "/products/7", "action": "/products/7/questions",
                "nickname": full ? tricky : "", "text": full ? "Asked " + tricky : "", "isPrivate": full,
                "nicknameField": field("question-nickname", error: full), "textField": field("question-text", error: full),
                "passwordField": field("question-password", error: !full),
            ]
            if full { ask["notice"] = "Later " + tricky }
            pages.append(Page(name: "ask-\(variant)", data: ask, templates: ["questions/ask"], marker: "question-form"))

            let rows: [[String: Any]] = full ? [
                ["anchor": "question-1", "time": "2 Jan", "timeISO": "2026-01-02T03:04:05Z", "productName": "Lamp " + tricky,
                 "productURL": "/products/7#q-1", "nickname": "Asker " + tricky, "text": "Private " + tricky, "isPrivate": true,
                 "answer": "Answer " + tricky, "state": "Shown", "isHidden": false, "action": "/admin/questions/1/visibility", "hiddenValue": "1",
                 "buttonLabel": "Hide"],
                ["anchor": "question-2", "time": "2 Jan", "timeISO": "2026-01-02T03:04:06Z", "productName": "#8", "productURL": "/products/8#q-2",
                 "nickname": "Spam", "text": "Buy", "isPrivate": false, "state": "Hidden", "isHidden": true,
                 "action": "/admin/questions/2/visibility", "hiddenValue": "0", "buttonLabel": "Show again"],
            ] : []
            var console: [String: Any] = [
                "layout": layout, "t": t, "q": q, "rows": rows, "isEmpty": !full,
                "admin": [
                    "a": a, "signedIn": true, "productsURL": "/admin/products", "historyURL": "/admin/history", "logoutURL": "/admin/logout",
                    "questionsURL": "/admin/questions", "questionsTitle": "Questions " + tricky, "inQuestions": true,
                ] as [String: Any],
            ]
            if full {
                console["olderURL"] = "/admin/questions?before=2"
                console["newestURL"] = "/admin/questions"
            } else {
                console["newestURL"] = "/admin/questions"
            }
            pages.append(Page(
                name: "admin-questions-\(variant)", data: console, templates: ["admin/questions", "partials/admin-nav"],
                marker: full ? "questions-table" : "empty-state"))
        }
        return pages
    }
}
