try:
    from sixtysix_app.boot import boot
except ImportError as e:  # a copy cut short: say so, never a traceback
    print("sixtysix: the firmware is not all on the board (%s): copy it again" % e)
else:
    boot()
