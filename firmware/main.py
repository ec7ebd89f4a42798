from sixtysix_app.boot import boot

boot()
