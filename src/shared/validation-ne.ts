import type { Locale } from './locale.js';
import { type MessageCatalogue, nepaliLookup } from './message-patterns.js';

/**
 * Nepali for the validation messages of the shared schemas (src/shared/*.ts, in English), keyed
 * by the English text: the server's error answers and the web's forms show them in the page's
 * language. tests/api/i18n-server.test.ts checks that every message of the schemas has one.
 * `{name}` stands for a part of the English that varies or is a limit (a number, a length): the
 * Nepali gets it in Devanagari digits (message-patterns.ts). Query parameter names and their
 * values (sort, page, paymentStatus…) stay as the API spells them.
 */
export const VALIDATION_NE: MessageCatalogue = {
  // accounts.ts
  'First Name is too long': 'पहिलो नाम धेरै लामो भयो',
  'First Name contains invalid characters': 'पहिलो नाममा नमिल्ने अक्षर छन्',
  'Last Name is too long': 'थर धेरै लामो भयो',
  'Last Name contains invalid characters': 'थरमा नमिल्ने अक्षर छन्',
  'Email or Phone Number is too long': 'इमेल वा फोन नम्बर धेरै लामो भयो',
  'Email or Phone Number contains invalid characters': 'इमेल वा फोन नम्बरमा नमिल्ने अक्षर छन्',
  'Username is too long': 'युजरनेम धेरै लामो भयो',
  'Username contains invalid characters': 'युजरनेममा नमिल्ने अक्षर छन्',
  'Password is required': 'पासवर्ड लेख्नुहोस्',
  'Password must be at least {min} characters': 'पासवर्डमा कम्तीमा {min} अक्षर हुनुपर्छ',
  'Password is too long': 'पासवर्ड धेरै लामो भयो',
  'Email is required': 'इमेल लेख्नुहोस्',
  'Email is too long': 'इमेल धेरै लामो भयो',
  'Invalid email format': 'इमेलको ढाँचा मिलेन',
  'Phone Number is required': 'फोन नम्बर लेख्नुहोस्',
  'Phone Number should be {digits} digits': 'फोन नम्बर {digits} अङ्कको हुनुपर्छ',
  'First Name is required': 'पहिलो नाम लेख्नुहोस्',
  'Last Name is required': 'थर लेख्नुहोस्',
  'Confirm Password is required': 'पासवर्ड फेरि लेखेर पुष्टि गर्नुहोस्',
  'Passwords do not match': 'दुवै पासवर्ड मिलेनन्',
  'Email or Phone Number is required': 'इमेल वा फोन नम्बर लेख्नुहोस्',
  'userId must be a number': 'userId अङ्कमा हुनुपर्छ',
  'userId must be a whole number': 'userId पूर्णाङ्क हुनुपर्छ',
  'userId must be positive': 'userId शून्यभन्दा ठूलो हुनुपर्छ',
  'userId is out of range': 'userId मान्य दायराभित्र छैन',
  'OTP is required': 'OTP लेख्नुहोस्',
  'OTP must be {digits} digits': 'OTP {digits} अङ्कको हुनुपर्छ',
  'token is required': 'token आवश्यक छ',
  'Username is required': 'युजरनेम लेख्नुहोस्',
  'Language is required': 'भाषा छान्नुहोस्',
  'Language must be en or ne': 'भाषा en वा ne मध्ये एक हुनुपर्छ',

  // account-recovery.ts
  'Current password is required': 'हालको पासवर्ड लेख्नुहोस्',
  'Current password is too long': 'हालको पासवर्ड धेरै लामो भयो',
  'New password is required': 'नयाँ पासवर्ड लेख्नुहोस्',
  'New password must be at least {min} characters': 'नयाँ पासवर्डमा कम्तीमा {min} अक्षर हुनुपर्छ',
  'New password is too long': 'नयाँ पासवर्ड धेरै लामो भयो',
  'Enter an email or a phone number, not both': 'इमेल वा फोन नम्बर मध्ये एउटा मात्र लेख्नुहोस्',

  // cart.ts
  'Quantity must be a whole number of {min} or more': 'परिमाण {min} वा सोभन्दा बढीको पूर्णाङ्क हुनुपर्छ',
  'Quantity must be at most {max}': 'परिमाण बढीमा {max} हुन सक्छ',
  'productId must be a positive whole number': 'productId शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'variantId must be a positive whole number': 'variantId शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Cart item id must be a positive whole number': 'कार्टको सामानको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',

  // search-words.ts
  'Word must have letters or digits': 'शब्दमा अक्षर वा अङ्क हुनुपर्छ',
  'Term must have letters or digits': 'खोजिने शब्दमा अक्षर वा अङ्क हुनुपर्छ',
  'Must be at most {max} characters': 'बढीमा {max} अक्षर हुनुपर्छ',
  'The term must differ from the word': 'खोजिने शब्द मूल शब्दभन्दा फरक हुनुपर्छ',
  // coupons.ts
  'Code is required': 'कोड लेख्नुहोस्',
  'Code must be {min} to {max} letters, digits, - or _, without spaces':
    'कोडमा {min} देखि {max} वटा अक्षर, अङ्क, - वा _ मात्र हुनुपर्छ, खाली ठाउँ बिना',
  'Type must be percent or fixed': 'किसिम percent वा fixed मध्ये एक हुनुपर्छ',
  'Value must be a number more than {min}': 'मान {min} भन्दा ठूलो अङ्क हुनुपर्छ',
  'A percent discount must be a whole number from {min} to {max}': 'प्रतिशत छुट {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'Minimum subtotal must be rupees of {min} or more': 'न्यूनतम जम्मा रकम {min} वा सोभन्दा बढी रुपैयाँ हुनुपर्छ',
  'Maximum discount must be rupees more than {min}': 'अधिकतम छुट {min} भन्दा बढी रुपैयाँ हुनुपर्छ',
  'Dates must be ISO {standard} date-times': 'मिति ISO {standard} ढाँचाको मिति-समय हुनुपर्छ',
  'The end must be after the start': 'अन्त्य सुरुभन्दा पछि हुनुपर्छ',
  'Limits must be whole numbers of {min} or more': 'सीमा {min} वा सोभन्दा बढीको पूर्णाङ्क हुनुपर्छ',
  'Ids must be positive whole numbers': 'id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Active must be true or false': 'सक्रिय true वा false हुनुपर्छ',
  'backInStock must be true or false': 'backInStock true वा false हुनुपर्छ',
  'orderUpdates must be true or false': 'orderUpdates true वा false हुनुपर्छ',
  'Enter a Nepali mobile number: {digits} digits starting with {first} or {second}':
    '{first} वा {second} बाट सुरु हुने {digits} अङ्कको नेपाली मोबाइल नम्बर लेख्नुहोस्',
  'Write the text to send': 'पठाउने सन्देश लेख्नुहोस्',
  'The text can be at most {count} characters': 'सन्देश बढीमा {count} अक्षरको हुन सक्छ',
  'priceDrop must be true or false': 'priceDrop true वा false हुनुपर्छ',
  'cartReminder must be true or false': 'cartReminder true वा false हुनुपर्छ',
  'This coupon code is not valid': 'यो कुपन कोड मान्य छैन',
  'couponCode must be text': 'couponCode अक्षरमा हुनुपर्छ',
  // campaigns.ts
  'Campaign name is required': 'अभियानको नाम लेख्नुहोस्',
  'Campaign name must be at most {max} characters': 'अभियानको नाम बढीमा {max} अक्षरको हुनुपर्छ',
  'Start and end are required': 'सुरु र अन्त्य दुवै चाहिन्छ',
  'Add at least one product, variant or category': 'कम्तीमा एउटा सामान, भेरियन्ट वा श्रेणी थप्नुहोस्',
  'A campaign can have at most {max} items': 'एउटा अभियानमा बढीमा {max} वटा सामान हुन सक्छन्',
  'Target must be product, variant or category': 'लक्ष्य product, variant वा category मध्ये एक हुनुपर्छ',
  'Give either a percent off or a sale price': 'प्रतिशत छुट वा सेल मूल्य मध्ये एउटा मात्र दिनुहोस्',
  'Percent off must be a whole number from {min} to {max}': 'प्रतिशत छुट {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'Sale price must be rupees more than {min}, with at most {digits} decimal places':
    'सेल मूल्य {min} भन्दा बढी रुपैयाँ हुनुपर्छ, दशमलवपछि बढीमा {digits} अङ्क',
  'A category takes a percent off, not a sale price': 'श्रेणीमा सेल मूल्य होइन, प्रतिशत छुट मात्र दिन सकिन्छ',
  'This item is in the campaign twice': 'यो सामान अभियानमा दुई पटक छ',
  // reviews.ts
  'Rating must be a whole number from {min} to {max}': 'रेटिङ {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'Title is required': 'शीर्षक लेख्नुहोस्',
  'Title must be {min} to {max} characters': 'शीर्षक {min} देखि {max} अक्षरको हुनुपर्छ',
  'Review text is required': 'समीक्षा लेख्नुहोस्',
  'Review text must be {min} to {max} characters': 'समीक्षा {min} देखि {max} अक्षरको हुनुपर्छ',
  'Reply is required': 'जवाफ लेख्नुहोस्',
  'Reply must be at most {max} characters': 'जवाफ बढीमा {max} अक्षरको हुनुपर्छ',
  'Reason must be {min} to {max} characters': 'कारण {min} देखि {max} अक्षरको हुनुपर्छ',
  'Reason must be one of spam, offensive, fake, other': 'कारण spam, offensive, fake वा other मध्ये एक हुनुपर्छ',
  'sort must be one of newest, helpful, rating': 'sort को मान newest, helpful वा rating मध्ये एक हुनुपर्छ',
  'queue must be one of new, reported, hidden, all': 'queue को मान new, reported, hidden वा all मध्ये एक हुनुपर्छ',
  // delivery.ts
  'Fee must be rupees from {min} to {max}, with at most {digits} decimal places':
    'शुल्क {min} देखि {max} रुपैयाँसम्म हुनुपर्छ, दशमलवपछि बढीमा {digits} अङ्क',
  'Days must be whole numbers from {min} to {max}': 'दिन {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'The fewest days must not be more than the most days': 'कम्तीमा दिन बढीमा दिनभन्दा धेरै हुन मिल्दैन',
  'cod must be true or false': 'cod को मान true वा false हुनुपर्छ',
  // questions.ts
  'Question is required': 'प्रश्न लेख्नुहोस्',
  'Question must be {min} to {max} characters': 'प्रश्न {min} देखि {max} अक्षरको हुनुपर्छ',
  'Question must be plain text, without HTML tags': 'प्रश्न सादा अक्षरमा लेख्नुहोस्, HTML ट्याग बिना',
  'Answer is required': 'उत्तर लेख्नुहोस्',
  'Answer must be at most {max} characters': 'उत्तर बढीमा {max} अक्षरको हुनुपर्छ',
  'queue must be one of unanswered, answered, hidden, all': 'queue को मान unanswered, answered, hidden वा all मध्ये एक हुनुपर्छ',

  // returns.ts
  'Choose at least one item to return': 'फिर्ता गर्ने कम्तीमा एउटा सामान छान्नुहोस्',
  'Each item may be listed once': 'एउटा सामान एक पटक मात्र राख्नुहोस्',
  'orderItemId must be a positive whole number': 'orderItemId शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Reason must be one of damaged, wrong_item, not_as_described, other':
    'कारण damaged, wrong_item, not_as_described वा other मध्ये एक हुनुपर्छ',
  'Note must be at most {max} characters': 'टिप्पणी बढीमा {max} अक्षरको हुनुपर्छ',
  'Settlement must be one of refund, replacement': 'टुंगो refund वा replacement मध्ये एक हुनुपर्छ',
  'status must be one of requested, approved, rejected, received, refund_due, refunded, replaced':
    'status को मान requested, approved, rejected, received, refund_due, refunded वा replaced मध्ये एक हुनुपर्छ',

  'returnDays must be a whole number from {min} to {max}, or null': 'returnDays {min} देखि {max} सम्मको पूर्णाङ्क वा null हुनुपर्छ',

  // catalog.ts
  'Category name is required': 'क्याटेगोरीको नाम लेख्नुहोस्',
  'Subcategory name is required': 'सब-क्याटेगोरीको नाम लेख्नुहोस्',
  'Child category name is required': 'चाइल्ड क्याटेगोरीको नाम लेख्नुहोस्',
  'Name must be at most {max} characters': 'नाम बढीमा {max} अक्षरको हुनुपर्छ',
  'Name must not contain a comma': 'नाममा अल्पविराम (,) राख्न मिल्दैन',
  'Name is required': 'नाम लेख्नुहोस्',
  'Description is required': 'विवरण लेख्नुहोस्',
  'Description must be at most {max} characters': 'विवरण बढीमा {max} अक्षरको हुनुपर्छ',
  'Price is required': 'मूल्य लेख्नुहोस्',
  'Price must be a number': 'मूल्य अङ्कमा लेख्नुहोस्',
  'Price must be greater than {min}': 'मूल्य {min} भन्दा बढी हुनुपर्छ',
  'Price must be at most {max}': 'मूल्य बढीमा {max} हुन सक्छ',
  'Price can have at most {places} decimal places': 'मूल्यमा दशमलवपछि बढीमा {places} अङ्क मात्र हुन सक्छ',
  'confirmPriceChange must be true or false': 'confirmPriceChange को मान true वा false हुनुपर्छ',
  'Category is required': 'क्याटेगोरी छान्नुहोस्',
  'Stock must be a whole number of {min} or more': 'स्टक {min} वा सोभन्दा बढीको पूर्णाङ्क हुनुपर्छ',
  'Warranty must be at most {max} characters': 'वारेन्टी बढीमा {max} अक्षरको हुनुपर्छ',
  'Low stock alert must be a whole number of {min} or more': 'कम स्टकको सूचना {min} वा सोभन्दा बढीको पूर्णाङ्क हुनुपर्छ',
  'Limit per order must be a whole number of {min} or more': 'एक अर्डरको सीमा {min} वा सोभन्दा बढीको पूर्णाङ्क हुनुपर्छ',
  'SKU must be at most {max} characters': 'SKU बढीमा {max} अक्षरको हुनुपर्छ',
  'SKU may only use letters, digits and - _ . /': 'SKU मा अङ्ग्रेजी अक्षर, अङ्क र - _ . / मात्र राख्न मिल्छ',
  'At least one image is required': 'कम्तीमा एउटा फोटो चाहिन्छ',
  'At most {max} images can be uploaded at once': 'एक पटकमा बढीमा {max} वटा फोटो मात्र अपलोड गर्न सकिन्छ',
  'Each image must be at most {max} MB': 'हरेक फोटो बढीमा {max} MB को हुनुपर्छ',
  'Only JPEG, PNG, WebP, AVIF and GIF images are accepted': 'JPEG, PNG, WebP, AVIF र GIF फोटो मात्र लिइन्छ',
  'Name must not contain control characters': 'नाममा कन्ट्रोल क्यारेक्टर राख्न मिल्दैन',
  // category-names.ts
  'Name must be text': 'नाम अक्षरमा लेख्नुहोस्',
  'Value is too long': 'मान धेरै लामो भयो',
  'minPrice must be a number of {min} or more': 'minPrice {min} वा सोभन्दा बढीको सङ्ख्या हुनुपर्छ',
  'minPrice is too large': 'minPrice धेरै ठूलो भयो',
  'maxPrice must be a number of {min} or more': 'maxPrice {min} वा सोभन्दा बढीको सङ्ख्या हुनुपर्छ',
  'maxPrice is too large': 'maxPrice धेरै ठूलो भयो',
  'At most {max} categories can be checked': 'बढीमा {max} वटा क्याटेगोरी मात्र छान्न सकिन्छ',
  'featured must be true or false': 'featured को मान true वा false हुनुपर्छ',
  'Search text is too long': 'खोज्ने शब्द धेरै लामो भयो',
  'sort must be one of newest, price_asc, price_desc, name, rating, relevance':
    'sort को मान newest, price_asc, price_desc, name, rating वा relevance मध्ये एक हुनुपर्छ',
  'page must be a whole number of {min} or more': 'page को मान {min} वा सोभन्दा बढीको पूर्णाङ्क हुनुपर्छ',
  'pageSize must be a whole number from {min} to {max}': 'pageSize को मान {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'minPrice must not be greater than maxPrice': 'minPrice को मान maxPrice भन्दा ठूलो हुन मिल्दैन',
  'imageOrder must be a JSON list of image addresses': 'imageOrder फोटोका ठेगानाहरूको JSON सूची हुनुपर्छ',
  'imageOrder is too long': 'imageOrder धेरै लामो भयो',

  // variants.ts
  'options must be a JSON list': 'options को मान JSON सूची हुनुपर्छ',
  'variants must be a JSON list': 'variants को मान JSON सूची हुनुपर्छ',
  'A product can have at most {max} options': 'एउटा सामानमा बढीमा {max} वटा विकल्प हुन सक्छन्',
  'Option name is required': 'विकल्पको नाम लेख्नुहोस्',
  'Option name must be at most {max} characters': 'विकल्पको नाम बढीमा {max} अक्षरको हुनुपर्छ',
  'Two options have this name': 'दुई वटा विकल्पको नाम एउटै भयो',
  'An option needs at least one value': 'विकल्पमा कम्तीमा एउटा मान चाहिन्छ',
  'An option can have at most {max} values': 'एउटा विकल्पमा बढीमा {max} वटा मान हुन सक्छन्',
  'Option value is required': 'विकल्पको मान लेख्नुहोस्',
  'Option value must be at most {max} characters': 'विकल्पको मान बढीमा {max} अक्षरको हुनुपर्छ',
  'This value is listed twice': 'यो मान दुई पटक लेखिएको छ',
  'Text must not contain control characters': 'लेखाइमा कन्ट्रोल क्यारेक्टर राख्न मिल्दैन',
  'A product can have at most {max} variants': 'एउटा सामानमा बढीमा {max} वटा भेरियन्ट हुन सक्छन्',
  'Add at least one variant for the options': 'विकल्पहरूका लागि कम्तीमा एउटा भेरियन्ट थप्नुहोस्',
  'Add an option before adding variants': 'भेरियन्ट थप्नुअघि एउटा विकल्प थप्नुहोस्',
  'Variant id must be a positive whole number': 'भेरियन्टको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'This variant is listed twice': 'यो भेरियन्ट दुई पटक लेखिएको छ',
  'Choose one value of every option': 'हरेक विकल्पको एउटा मान छान्नुहोस्',
  'This value is not one of the option’s values': 'यो मान विकल्पका मानहरूमध्ये एक होइन',
  'This combination is listed twice': 'यो जोडी दुई पटक लेखिएको छ',
  'Two variants have this SKU': 'दुई वटा भेरियन्टको SKU एउटै भयो',
  'A variant can show at most {max} images': 'एउटा भेरियन्टमा बढीमा {max} वटा फोटो देखाउन सकिन्छ',
  'This image is not one of this product’s images': 'यो फोटो यस सामानका फोटोहरूमध्ये एक होइन',
  // product-compare.ts
  'ids must be product ids separated by commas': 'ids मा अल्पविरामले छुट्याइएका सामानका id हुनुपर्छ',
  'At most {max} products can be compared': 'एक पटकमा बढीमा {max} वटा सामान मात्र तुलना गर्न सकिन्छ',
  'Each product can be compared only once': 'एउटै सामानलाई एक पटक मात्र तुलनामा राख्न सकिन्छ',

  // specs.ts
  'Brand name is required': 'ब्रान्डको नाम लेख्नुहोस्',
  'Brand name must be at most {max} characters': 'ब्रान्डको नाम बढीमा {max} अक्षरको हुनुपर्छ',
  'Field name is required': 'फिल्डको नाम लेख्नुहोस्',
  'Field name must be at most {max} characters': 'फिल्डको नाम बढीमा {max} अक्षरको हुनुपर्छ',
  'Kind must be one of text, number, choice': 'किसिम text, number वा choice मध्ये एक हुनुपर्छ',
  'Unit must be at most {max} characters': 'एकाइ बढीमा {max} अक्षरको हुनुपर्छ',
  'A choice field needs {min} to {max} choices': 'छनोट फिल्डमा {min} देखि {max} वटा विकल्प चाहिन्छ',
  'A choice must not be empty': 'विकल्प खाली हुन मिल्दैन',
  'Each choice must be at most {max} characters': 'हरेक विकल्प बढीमा {max} अक्षरको हुनुपर्छ',
  'Only a number field has a unit': 'अङ्क फिल्डमा मात्र एकाइ हुन्छ',
  'Only a choice field has choices': 'छनोट फिल्डमा मात्र विकल्प हुन्छन्',
  'Choices must not repeat': 'विकल्प दोहोरिनु हुँदैन',
  'specs must be a JSON object of field names and values': 'specs फिल्डका नाम र मानहरूको JSON object हुनुपर्छ',
  'A value must be at most {max} characters': 'मान बढीमा {max} अक्षरको हुनुपर्छ',
  'At most {max} values can be chosen in one filter': 'एउटा फिल्टरमा बढीमा {max} वटा मान मात्र छान्न सकिन्छ',
  'A filter value must be at most {max} characters': 'फिल्टरको मान बढीमा {max} अक्षरको हुनुपर्छ',
  'At most {max} specification filters can be used at once': 'एकै पटक बढीमा {max} वटा विवरण-फिल्टर मात्र प्रयोग गर्न सकिन्छ',
  'A filter must be at most {max} characters': 'फिल्टर बढीमा {max} अक्षरको हुनुपर्छ',
  'facets must be true or false': 'facets को मान true वा false हुनुपर्छ',

  // orders.ts
  'Full Name is required': 'पूरा नाम लेख्नुहोस्',
  'Full Name must be at most {max} characters': 'पूरा नाम बढीमा {max} अक्षरको हुनुपर्छ',
  'Province is required': 'प्रदेश छान्नुहोस्',
  'Province must be one of Koshi, Madhesh, Bagmati, Gandaki, Lumbini, Karnali, Sudurpashchim':
    'प्रदेश यीमध्ये एक हुनुपर्छ: कोशी प्रदेश, मधेश प्रदेश, बागमती प्रदेश, गण्डकी प्रदेश, लुम्बिनी प्रदेश, कर्णाली प्रदेश वा सुदूरपश्चिम प्रदेश',
  'District is required': 'जिल्ला छान्नुहोस्',
  'District must be at most {max} characters': 'जिल्ला बढीमा {max} अक्षरको हुनुपर्छ',
  'District must be one of the {count} districts of Nepal': 'जिल्ला नेपालका {count} जिल्लामध्ये एक हुनुपर्छ',
  'District must be in the chosen Province': 'जिल्ला छानिएको प्रदेशभित्रकै हुनुपर्छ',
  'City or Municipality is required': 'सहर वा नगरपालिका लेख्नुहोस्',
  'City or Municipality must be at most {max} characters': 'सहर वा नगरपालिका बढीमा {max} अक्षरको हुनुपर्छ',
  'Street Address is required': 'ठेगाना लेख्नुहोस्',
  'Street Address must be at most {max} characters': 'ठेगाना बढीमा {max} अक्षरको हुनुपर्छ',
  'Landmark must be at most {max} characters': 'नजिकको चिनो बढीमा {max} अक्षरको हुनुपर्छ',
  'Payment Method is required': 'भुक्तानी विधि छान्नुहोस्',
  'Payment Method must be one of: Cash on Delivery, eSewa, Khalti':
    'भुक्तानी विधि यीमध्ये एक हुनुपर्छ: डेलिभरीमा नगद भुक्तानी, इसेवा वा खल्ती',
  'totalAmount is required': 'totalAmount आवश्यक छ',
  'totalAmount must be a number of {min} or more': 'totalAmount {min} वा सोभन्दा बढीको सङ्ख्या हुनुपर्छ',
  'paymentMethod must be esewa or khalti': 'paymentMethod को मान esewa वा khalti हुनुपर्छ',
  'paymentStatus must be refunded': 'paymentStatus को मान refunded हुनुपर्छ',
  'Please give a reason for cancelling': 'अर्डर किन रद्द गर्दै हुनुहुन्छ, कारण लेख्नुहोस्',
  'The reason must be at least {min} characters': 'कारणमा कम्तीमा {min} अक्षर हुनुपर्छ',
  'The reason must be at most {max} characters': 'कारण बढीमा {max} अक्षरको हुनुपर्छ',
  'Status must be one of pending, confirmed, shipped, delivered, cancelled':
    'स्थिति pending, confirmed, shipped, delivered वा cancelled मध्ये एक हुनुपर्छ',
  'from must be a date as YYYY-MM-DD': 'from को मान YYYY-MM-DD ढाँचाको मिति हुनुपर्छ',
  'from must be a real date': 'from मा साँच्चैको मिति हुनुपर्छ',
  'to must be a date as YYYY-MM-DD': 'to को मान YYYY-MM-DD ढाँचाको मिति हुनुपर्छ',
  'to must be a real date': 'to मा साँच्चैको मिति हुनुपर्छ',
  'tzOffset must be minutes east of UTC, from {min} to {max}': 'tzOffset UTC भन्दा पूर्वतिरका मिनेटमा, {min} देखि {max} सम्म हुनुपर्छ',
  'paymentStatus must be one of unpaid, awaiting_payment, paid, failed, refund_due, refunded':
    'paymentStatus को मान unpaid, awaiting_payment, paid, failed, refund_due वा refunded मध्ये एक हुनुपर्छ',
  'paymentMethod must be one of cod, esewa, khalti': 'paymentMethod को मान cod, esewa वा khalti मध्ये एक हुनुपर्छ',
  'sort must be one of date_desc, date_asc': 'sort को मान date_desc वा date_asc हुनुपर्छ',
  'page must be a whole number from {min} to {max}': 'page को मान {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'from must not be after to': 'from को मिति to भन्दा पछिको हुन मिल्दैन',

  // dashboard.ts
  // The parts are the period names 7d and 30d.
  'period must be one of today, {week}, {month}': 'period को मान today, {week} वा {month} मध्ये एक हुनुपर्छ',
  'Give either period or from and to, not both': 'period वा from र to मध्ये एउटा मात्र दिनुहोस्, दुवै होइन',
  'from and to go together': 'from र to दुवै सँगै दिनुहोस्',
  'The period can be at most {days} days': 'अवधि बढीमा {days} दिनको हुन सक्छ',

  // jobs.ts
  'status must be one of queued, running, done, failed': 'status को मान queued, running, done वा failed मध्ये एक हुनुपर्छ',

  // shipping.ts
  'Courier name must be {min} to {max} characters': 'कुरियरको नाम {min} देखि {max} अक्षरको हुनुपर्छ',
  'Tracking URL must be an https address of at most {max} characters with {tracking} in it':
    'ट्र्याकिङ URL बढीमा {max} अक्षरको, {tracking} भएको https ठेगाना हुनुपर्छ',
  'Courier id must be a positive whole number': 'कुरियरको id शून्यभन्दा ठूलो पूर्णाङ्क हुनुपर्छ',
  'Tracking number must be {min} to {max} letters, digits or dashes':
    'ट्र्याकिङ नम्बर {min} देखि {max} वटा अक्षर, अङ्क वा ड्यासको हुनुपर्छ',
  'A serial must be {min} to {max} letters, digits, dashes, dots or slashes':
    'सिरियल नम्बर {min} देखि {max} वटा अक्षर, अङ्क, ड्यास, थोप्लो वा स्ल्यासको हुनुपर्छ',
  'serialRequired must be true or false': 'serialRequired को मान true वा false हुनुपर्छ',
  'warrantyMonths must be a whole number from {min} to {max}, or null':
    'warrantyMonths {min} देखि {max} सम्मको पूर्णाङ्क वा null हुनुपर्छ',

  // warranty.ts
  'Describe the problem in {min} to {max} characters': 'समस्या {min} देखि {max} अक्षरमा लेख्नुहोस्',
  'Serial must be at most {max} characters': 'सिरियल बढीमा {max} अक्षरको हुनुपर्छ',
  'status must be one of opened, received, at_service_centre, repaired, replaced, returned_to_shopper, rejected':
    'status को मान opened, received, at_service_centre, repaired, replaced, returned_to_shopper वा rejected मध्ये एक हुनुपर्छ',
  'Give the reason for rejecting the claim ({min} to {max} characters)': 'दाबी अस्वीकार गर्नुको कारण लेख्नुहोस् ({min} देखि {max} अक्षर)',
  // audit.ts
  'entityType must be one of category, subcategory, childCategory, product, order, admin, searchWord, brand, specField, coupon, campaign, review, question, district, return, courier, warranty':
    'entityType को मान category, subcategory, childCategory, product, order, admin, searchWord, brand, specField, coupon, campaign, review, question, district, return, courier वा warranty मध्ये एक हुनुपर्छ',
  'entityId is too long': 'entityId धेरै लामो भयो',
  'adminId must be a whole number from {min} to {max}': 'adminId को मान {min} देखि {max} सम्मको पूर्णाङ्क हुनुपर्छ',
  'action is not one the audit log knows': 'action को मान गतिविधि-लगले चिन्ने कामहरूमध्ये एक हुनुपर्छ',
  // order-steps.ts
  'Confirm taking the order back': 'अर्डर पछाडि फर्काउने कुरा पक्का गर्नुहोस्',
  // staff-roles.ts
  'Role is required': 'भूमिका छान्नुहोस्',
  'Role must be one of owner, manager, staff': 'भूमिका owner (मालिक), manager (व्यवस्थापक) वा staff (कर्मचारी) मध्ये एक हुनुपर्छ',
  'Username may use letters, digits, dot, dash, underscore and @, and is at most a hundred characters':
    'युजरनेममा अक्षर, अङ्क, थोप्लो, ड्यास, अन्डरस्कोर र @ मात्र हुन सक्छन्, बढीमा एक सय अक्षर',
  'Code must be the six digits from the app or a recovery code': 'कोड एपका छ अङ्क वा रिकभरी कोड हुनुपर्छ',
};

/**
 * zod's own English, for the few fields whose schema gives no message of its own (a token's
 * length, an id in a path, a query's limit): what a well-behaved client never sees.
 */
export const ZOD_DEFAULTS_NE: MessageCatalogue = {
  'Invalid input': 'मान मिलेन',
  'Invalid input: expected {expected}, received {received}': 'मान मिलेन: {expected} चाहिएको थियो, {received} आयो',
  'Invalid option: expected one of {options}': 'मान मिलेन: {options} मध्ये एक हुनुपर्छ',
  'Invalid string: must match pattern {pattern}': 'मान मिलेन: {pattern} ढाँचासँग मिल्नुपर्छ',
  'Too big: expected string to have <={max} characters': 'धेरै लामो भयो: बढीमा {max} अक्षर हुन सक्छ',
  'Too small: expected string to have >={min} characters': 'धेरै छोटो भयो: कम्तीमा {min} अक्षर चाहिन्छ',
  'Too big: expected array to have <={max} items': 'धेरै भयो: बढीमा {max} वटा हुन सक्छ',
  'Too big: expected number to be <={max}': 'धेरै ठूलो भयो: बढीमा {max} हुन सक्छ',
  'Too small: expected number to be >={min}': 'धेरै सानो भयो: कम्तीमा {min} हुनुपर्छ',
};

const lookup = nepaliLookup(VALIDATION_NE, ZOD_DEFAULTS_NE);

/** A validation message in `locale` (the English text when it has no Nepali). */
export function validationMessage(message: string, locale: Locale): string {
  return locale === 'ne' ? (lookup(message) ?? message) : message;
}
