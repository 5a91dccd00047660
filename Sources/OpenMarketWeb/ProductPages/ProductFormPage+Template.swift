import OpenMarketEmbedded
import OpenMarketTemplating

extension ProductFormPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "heading": .text(heading)
        case "isEdit": .bool(isEdit)
        case "isAdmin": .bool(isAdmin)
        case "admin": .object(admin)
        case "action": .text(action)
        case "enctype": .text(enctype)
        case "submitLabel": .text(submitLabel)
        case "cancelURL": .text(cancelURL)
        case "values": .object(values)
        case "currencies": .list(currencies)
        case "thumbnails": .list(thumbnails)
        case "choosesMainPhoto": .bool(choosesMainPhoto)
        case "editsPhotos": .bool(editsPhotos)
        case "photoRows": .list(photoRows)
        case "photosNote": .text(photosNote)
        case "name": .object(name)
        case "description": .object(description)
        case "price": .object(price)
        case "currency": .object(currency)
        case "discountedPrice": .object(discountedPrice)
        case "stock": .object(stock)
        case "seller": .object(seller)
        case "moreSettingsOpen": .bool(moreSettingsOpen)
        case "sellerMax": .int(sellerMax)
        case "images": .object(images)
        case "password": .object(password)
        case "thumbnail": .object(thumbnail)
        case "summary": .list(summary)
        case "hasErrors": .bool(hasErrors)
        case "summaryTitle": .text(summaryTitle)
        case "notice": .text(notice)
        case "mustRechoosePhotos": .bool(mustRechoosePhotos)
        case "keptPhotos": .list(keptPhotos)
        case "hasKeptPhotos": .bool(hasKeptPhotos)
        case "draftKey": .text(draftKey)
        case "writesDisabled": .bool(writesDisabled)
        case "shownField": .text(shownField)
        case "conflict": .list(conflict)
        case "hasConflict": .bool(hasConflict)
        case "nameMin": .int(nameMin)
        case "nameMax": .int(nameMax)
        case "descriptionMin": .int(descriptionMin)
        case "descriptionMax": .int(descriptionMax)
        case "maxImages": .int(maxImages)
        case "maxImageBytes": .int(maxImageBytes)
        case "passwordMin": .int(passwordMin)
        case "passwordMaxBytes": .int(passwordMaxBytes)
        default: context.value(forKey: key)
        }
    }
}

extension ProductFormPage.FieldState: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .text(id)
        case "hintID": .text(hintID)
        case "errorID": .text(errorID)
        case "error": .text(error)
        case "hasError": .bool(hasError)
        case "describedBy": .text(describedBy)
        default: nil
        }
    }
}

extension ProductFormPage.SummaryItem: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "fieldID": .text(fieldID)
        case "message": .text(message)
        default: nil
        }
    }
}

extension ProductFormPage.KeptPhoto: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "token": .text(token)
        case "inputID": .text(inputID)
        case "url": .text(url)
        case "alt": .text(alt)
        default: nil
        }
    }
}

extension ProductFormPage.PhotoRow: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "imageID": .int(imageID)
        case "url": .text(url)
        case "alt": .text(alt)
        case "mainID": .text(mainID)
        case "placeID": .text(placeID)
        case "placeName": .text(placeName)
        case "removeID": .text(removeID)
        case "isMain": .bool(isMain)
        case "isRemoved": .bool(isRemoved)
        case "places": .list(places)
        default: nil
        }
    }
}

extension ProductFormPage.ThumbnailChoice: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "imageID": .int(imageID)
        case "inputID": .text(inputID)
        case "url": .text(url)
        case "alt": .text(alt)
        case "isChecked": .bool(isChecked)
        default: nil
        }
    }
}

extension ProductFormPage.ConflictRow: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": .text(label)
        case "shown": .text(shown)
        case "now": .text(now)
        case "yoursKept": .bool(yoursKept)
        default: nil
        }
    }
}
